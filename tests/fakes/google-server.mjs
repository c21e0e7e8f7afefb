// A local stand-in for Google: the OAuth 2.0 server (authorization code + PKCE, refresh,
// revocation) and the Gmail v1, Drive v3 and Calendar v3 APIs, speaking their real wire formats so
// that Google's own clients (google-auth-library's OAuth2Client, @googleapis/gmail, /drive,
// /calendar) work against it unchanged. Used by the tests and, for offline development, through
// the app's three base URLs: `node tests/fakes/google-server.mjs [port]` (default 8792; 8790 and
// 8791 are the OpenAI fake's) prints them.
//
//   GET  /o/oauth2/v2/auth            signs in at once (no consent page): 302 to redirect_uri with
//                                      ?code&scope&state, or an "Error 400" page naming the problem
//   POST /token                        authorization_code (checks PKCE S256) and refresh_token grants
//   POST /revoke?token=                revokes the whole grant the token belongs to
//   GET  /gmail/v1/users/me/…          messages (list with q, get in full/metadata/minimal/raw),
//                                      attachments, profile, threads/{id} (get)
//   POST /gmail/v1/users/me/messages/send  {raw, threadId?}: the RFC 2822 message (base64url),
//                                      stored as SENT in its thread (a new one without threadId)
//   GET  /drive/v3/files[/{id}]        list with Drive's query language (q), orderBy, fields
//   …    /calendar/v3/…                calendarList, events list/get/insert/update/patch/delete
//   GET  /oauth2/v3/userinfo           the signed-in account
//
// Every account (an e-mail address) gets its own mailbox, drive and calendars on first use, worked
// out from the address (same account, same data), with dates relative to when it was created:
// 30 real-estate e-mails over the last 30 days (some unread, some threads, a few attachments, the
// newest a listing alert with a very long sender and subject),
// 25 Drive files (one trashed), and three calendars: the primary one (id = the e-mail), "Deals"
// (deals@group.calendar.google.com) and the read-only US holidays calendar, not selected.
//
// Steering, so tests can exercise failures (each answers the new setting as JSON):
//   POST /__fake/consent {"deny":true}               next sign-in: error=access_denied
//                        {"grantOnly":["email",…]}   next sign-in grants only these (partial)
//                        {"email":"x@example.com"}   next sign-in is this account
//     (one setting for the next sign-in only; without one the account is login_hint or
//     investor@example.com)
//   POST /__fake/tokens  {"expiresIn":60}            lifetime of access tokens issued from now on
//                        {"revokeAll":true}          revokes every grant (refresh → invalid_grant)
//                        {"expireAccessTokens":true} every issued access token now answers 401;
//                                                    refresh tokens still work
//   POST /__fake/calendar {"calendarId":"x@example.com","failWritesAfter":3}
//                                                    that calendar takes 3 more writes (event
//                                                    insert, update/patch, delete), then answers
//                                                    each with 503 backendError, as Google does when
//                                                    it is down part-way; "failing":["insert"]
//                                                    limits it to those writes; null clears it
//   POST /__fake/gmail/reply {"email":"x@example.com","threadId":"…","from":"Lee <lee@example.com>"}
//                                                    a reply from someone else lands in that
//                                                    account's thread (404 for an unknown thread)
//   POST /__fake/reset                               forgets everything: accounts, codes, tokens,
//                                                    created events, settings and the request log
// `GET /__fake/requests` lists what it received ({method, path, query, authorization, body, at})
// with counters (exchanges, refreshes, revocations); `DELETE /__fake/requests` forgets them.
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { URLSearchParams, pathToFileURL } from "node:url";

const DEFAULT_EMAIL = "investor@example.com";
const DEFAULT_EXPIRES_IN = 3599;
const CODE_LIFETIME_MS = 10 * 60_000;
const ZONE = "America/New_York";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const G = "https://www.googleapis.com/auth/";
/** What Google echoes for the short scope names. */
const SHORT_SCOPES = {
  email: `${G}userinfo.email`,
  profile: `${G}userinfo.profile`,
  openid: "openid",
};
/** Scopes Google always grants when asked, even when the user unticks the rest. */
const BASIC_SCOPES = new Set(Object.values(SHORT_SCOPES));
/** Which scopes open which part of the API; `service` names it in a 403's details. */
const SCOPES = {
  gmail: {
    service: "gmail.googleapis.com",
    any: [
      "https://mail.google.com/",
      `${G}gmail.modify`,
      `${G}gmail.readonly`,
      `${G}gmail.metadata`,
    ],
  },
  /** users.messages.send: any scope that may send mail. */
  gmailSend: {
    service: "gmail.googleapis.com",
    any: ["https://mail.google.com/", `${G}gmail.modify`, `${G}gmail.compose`, `${G}gmail.send`],
  },
  drive: {
    service: "drive.googleapis.com",
    any: [
      `${G}drive`,
      `${G}drive.readonly`,
      `${G}drive.metadata`,
      `${G}drive.metadata.readonly`,
      `${G}drive.file`,
    ],
  },
  calendarList: {
    service: "calendar-json.googleapis.com",
    any: [
      `${G}calendar`,
      `${G}calendar.readonly`,
      `${G}calendar.calendarlist`,
      `${G}calendar.calendarlist.readonly`,
    ],
  },
  eventsRead: {
    service: "calendar-json.googleapis.com",
    any: [
      `${G}calendar`,
      `${G}calendar.readonly`,
      `${G}calendar.events`,
      `${G}calendar.events.readonly`,
    ],
  },
  eventsWrite: {
    service: "calendar-json.googleapis.com",
    any: [`${G}calendar`, `${G}calendar.events`],
  },
  userinfo: { service: "oauth2.googleapis.com", any: [...BASIC_SCOPES] },
};

// ---------------------------------------------------------------------------------------------
// Small helpers

const sha256 = (text) => createHash("sha256").update(text).digest();
const hexId = (seed, length = 16) => sha256(seed).toString("hex").slice(0, length);
const randomToken = (bytes = 48) => randomBytes(bytes).toString("base64url");
const BASE32HEX = "0123456789abcdefghijklmnopqrstuv";
/** Calendar event ids are lowercase base32hex; these are 26 characters like Google's own. */
const eventId = (bytes = randomBytes(26)) =>
  Array.from(bytes.subarray(0, 26), (byte) => BASE32HEX[byte & 31]).join("");
const isPlainObject = (value) =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

/** A seeded PRNG (mulberry32): the same account always gets the same data. */
function seededRandom(seed) {
  let a = sha256(seed).readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Minutes east of UTC of `zone` at instant `ms` (-240 for New York in summer). */
function zoneOffset(ms, zone) {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(ms)
    .find((part) => part.type === "timeZoneName").value; // "GMT-04:00", or "GMT" at zero
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The instant a wall-clock time in `zone` names (twice round, so DST edges settle). */
function zonedInstant({ year, month, day, hour = 0, minute = 0, second = 0 }, zone) {
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = guess - zoneOffset(guess, zone) * MINUTE;
  return guess - zoneOffset(first, zone) * MINUTE;
}

/** Wall-clock fields of an instant in `zone`. */
function wallClock(ms, zone) {
  const local = new Date(ms + zoneOffset(ms, zone) * MINUTE);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

const pad = (n, width = 2) => String(n).padStart(width, "0");
const formatOffset = (minutes, separator = ":") =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}${separator}${pad(Math.abs(minutes) % 60)}`;

/** RFC 3339 in a zone's local time, as Calendar writes `dateTime`: 2024-07-02T10:00:00-04:00. */
function rfc3339InZone(ms, zone) {
  const offset = zoneOffset(ms, zone);
  const local = new Date(ms + offset * MINUTE).toISOString().slice(0, 19);
  return `${local}${offset === 0 ? "Z" : formatOffset(offset)}`;
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
const MONTH_NAMES =
  "January February March April May June July August September October November December".split(
    " ",
  );

/** An e-mail Date header (RFC 5322): "Tue, 2 Jul 2024 14:03:00 -0400". */
function rfc5322(ms, zone = ZONE) {
  const t = wallClock(ms, zone);
  const time = `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
  return `${DAYS[t.weekday]}, ${t.day} ${MONTHS[t.month - 1]} ${t.year} ${time} ${formatOffset(zoneOffset(ms, zone), "")}`;
}

/** "Jordan Lee <jlee@x>" → "jlee@x". */
const addressOf = (mailbox) => /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox;

/** "dana.whitfield@x" → { given: "Dana", family: "Whitfield" }. */
function namesOf(email) {
  const words = email
    .split("@")[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1));
  return { given: words[0] ?? "User", family: words.slice(1).join(" ") };
}

// ---------------------------------------------------------------------------------------------
// Errors: Google's JSON error bodies, thrown by handlers and written by the dispatcher

class GoogleError extends Error {
  /** @param {number} status @param {unknown} body @param {Record<string,string>} [headers] */
  constructor(status, body, headers = {}) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

const REASONS = {
  400: "badRequest",
  401: "authError",
  403: "forbidden",
  404: "notFound",
  409: "duplicate",
  410: "deleted",
};

/**
 * `{error:{code,message,errors:[{message,domain,reason,…}],status?}}`. Gmail and the OAuth front
 * end add `status`; Drive and Calendar do not.
 */
function googleError(code, message, options = {}) {
  const { reason = REASONS[code] ?? "backendError", status, location, locationType } = options;
  const detail = { message, domain: "global", reason };
  if (location) Object.assign(detail, { locationType: locationType ?? "parameter", location });
  return { error: { code, message, errors: [detail], ...(status && { status }) } };
}

const fail = (code, message, options) => new GoogleError(code, googleError(code, message, options));
const invalidValue = (location) =>
  fail(400, "Invalid Value", { reason: "invalid", location, locationType: "parameter" });
const notFound = () =>
  fail(404, "Requested entity was not found.", { reason: "notFound", status: "NOT_FOUND" });

const UNAUTHENTICATED = {
  error: {
    code: 401,
    message:
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
    errors: [
      {
        message: "Invalid Credentials",
        domain: "global",
        reason: "authError",
        location: "Authorization",
        locationType: "header",
      },
    ],
    status: "UNAUTHENTICATED",
  },
};

function insufficientScopes(api) {
  return new GoogleError(
    403,
    {
      error: {
        code: 403,
        message: "Request had insufficient authentication scopes.",
        errors: [
          {
            message: "Insufficient Permission",
            domain: "global",
            reason: "insufficientPermissions",
          },
        ],
        status: "PERMISSION_DENIED",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
            domain: "googleapis.com",
            metadata: { service: api.service },
          },
        ],
      },
    },
    {
      "WWW-Authenticate": `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${api.any.join(" ")}"`,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// The generated data: one mailbox, drive and set of calendars per account

const STREETS = [
  "412 Elm St",
  "88 Birch Rd",
  "27 Harbor View Dr",
  "9 Maple Ct",
  "660 Lakeshore Blvd",
  "318 Kettering Way",
  "75 Old Mill Ln",
  "2210 Wayne Ave",
  "46 Riverside Ter",
];
// Always among an account's addresses: a name with a quote exercises Drive's and Gmail's escaping.
const QUOTED_STREET = "1503 O'Brien Ave";

/** Six property addresses for an account, in an account-specific order. */
function addressesFor(rand) {
  const pool = [...STREETS];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const chosen = pool.slice(0, 5);
  chosen.splice(Math.floor(rand() * 6), 0, QUOTED_STREET);
  return chosen;
}

const PEOPLE = {
  agent: "Dana Whitfield <dana@whitfieldrealty.example>",
  inspector: "Buckeye Home Inspections <reports@buckeyeinspect.example>",
  sheriff: "Montgomery County Sheriff Sales <sheriffsales@mcohio.example>",
  title: "Ohio Title Partners <closings@ohiotitle.example>",
  lender: "Jordan Lee (Summit Lending) <jlee@summitlending.example>",
  contractor: "Marcus Ortiz <marcus@ortizbuilds.example>",
  auctions: "Auction Alerts <alerts@auctionhub.example>",
  manager: "Keystone Property Management <owners@keystonepm.example>",
  insurer: "Hearth Mutual Insurance <policy@hearthmutual.example>",
  wholesaler: "Tasha Greene <tasha@gemcitydeals.example>",
};

/**
 * What the mailbox holds: each template makes one e-mail from an address (`x.a`), a money
 * figure (`x.money(lowK, highK)`) and a date in words (`x.soon`).
 */
const MAIL_TEMPLATES = [
  (x) => ({
    from: PEOPLE.agent,
    labels: ["CATEGORY_PERSONAL", "IMPORTANT"],
    subject: `Offer accepted - ${x.a}`,
    text: `Good news: the seller accepted your offer of ${x.money(140, 260)} on ${x.a}. Earnest money of $2,500 is due to the title company within 3 business days, and the inspection period runs 10 days from today.\n\nDana Whitfield\nWhitfield Realty`,
  }),
  (x) => ({
    from: PEOPLE.inspector,
    labels: ["CATEGORY_UPDATES"],
    subject: `Inspection report ready: ${x.a}`,
    text: `Your inspection report for ${x.a} is attached (42 pages). Summary: the roof has 3-5 years left, the water heater is 14 years old, minor settling at the northeast corner of the foundation, no GFCI outlets in the kitchen.`,
    attachment: `Inspection Report - ${x.a}.pdf`,
  }),
  (x) => ({
    from: PEOPLE.sheriff,
    labels: ["CATEGORY_UPDATES"],
    subject: `Sheriff sale notice: ${x.a} - opening bid ${x.money(40, 120)}`,
    text: `The property at ${x.a} is scheduled for sheriff sale on ${x.soon}. Opening bid: ${x.money(40, 120)}. A 10% deposit is due at the close of bidding and the balance within 30 days. Properties are sold as-is; no interior inspections.`,
  }),
  (x) => ({
    from: PEOPLE.title,
    labels: ["IMPORTANT"],
    subject: `Title commitment for ${x.a}`,
    text: `Attached is the title commitment for ${x.a}. Schedule B lists one open mortgage to be paid at closing and a 2019 mechanic's lien we are working to release. Let us know if your lender needs anything else.`,
    attachment: `Title Commitment - ${x.a}.pdf`,
  }),
  (x) => ({
    from: PEOPLE.lender,
    labels: ["IMPORTANT"],
    subject: `Appraisal came in at ${x.money(180, 320)} for ${x.a}`,
    text: `The appraisal for ${x.a} came in at ${x.money(180, 320)}, which keeps you at 70% LTV. You are clear to close pending the insurance binder and the final walkthrough.\n\nJordan Lee\nSummit Lending`,
  }),
  (x) => ({
    from: PEOPLE.contractor,
    labels: ["CATEGORY_PERSONAL"],
    subject: `Rehab bid for ${x.a}`,
    text: `Here is my bid for ${x.a}: kitchen ${x.money(12, 28)}, roof patch $3,800, LVP flooring throughout $6,200, interior paint $4,500. I can start in two weeks and finish in six.`,
  }),
  (x) => ({
    from: PEOPLE.auctions,
    labels: ["CATEGORY_PROMOTIONS"],
    subject: `Reminder: online auction for ${x.a} starts tomorrow`,
    text: `Bidding on ${x.a} opens tomorrow at 10:00 AM ET. Starting bid ${x.money(25, 90)}. Proof of funds is required to register; the buyer's premium is 5%.`,
  }),
  (x) => ({
    from: PEOPLE.agent,
    labels: ["CATEGORY_PERSONAL"],
    subject: `Counteroffer on ${x.a}`,
    text: `The seller countered at ${x.money(150, 280)} with a 21-day close and no repair credits. They will leave the appliances. Do you want to accept, counter, or walk away?`,
  }),
  (x) => ({
    from: PEOPLE.manager,
    labels: ["CATEGORY_UPDATES"],
    subject: `Owner statement and rent roll - ${x.a}`,
    text: `Your owner statement for ${x.a} is ready. Rent collected: ${x.money(1, 3)}. One unit is 12 days late; the notice to pay went out Monday. Maintenance: replaced a garbage disposal ($240).`,
  }),
  (x) => ({
    from: PEOPLE.insurer,
    labels: ["CATEGORY_UPDATES"],
    subject: `Insurance binder for ${x.a}`,
    text: `Your binder for ${x.a} is attached. Coverage: dwelling ${x.money(150, 300)}, vacant property endorsement included, deductible $2,500. Please forward it to your lender.`,
    attachment: `Insurance Binder - ${x.a}.pdf`,
  }),
  (x) => ({
    from: PEOPLE.wholesaler,
    labels: ["CATEGORY_PERSONAL"],
    subject: `Off-market: 3 bed / 1 bath at ${x.a}, ARV ${x.money(150, 240)}`,
    text: `Motivated seller at ${x.a}, needs a full rehab. Asking ${x.money(50, 90)}, ARV ${x.money(150, 240)}. Lockbox on the side door; first to walk it gets it.`,
  }),
  (x) => ({
    from: PEOPLE.title,
    labels: ["IMPORTANT"],
    subject: `Closing scheduled: ${x.a}`,
    text: `You are scheduled to close on ${x.a} on ${x.soon} at our Dayton office. Wire funds by noon the day before, and call us to confirm the wiring instructions: we will never change them by e-mail.`,
  }),
];

/**
 * The newest message of every mailbox: a listing alert, whose sender and subject are far wider
 * than a phone (a screen must shorten them, not scroll sideways).
 */
const LISTING_ALERT = (x) => ({
  from: '"Northside Realty Group Listings Team" <listings-notifications@northside-realty-group.example.com>',
  labels: ["CATEGORY_UPDATES"],
  subject: `New listings matching your saved search "Dayton and Kettering, 3+ beds, single family or duplex, under $250,000": 7 homes including ${x.a}`,
  text: `7 new listings match your saved search, including ${x.a}. See them all, with photos and price history, on your Northside Realty Group dashboard. To stop these alerts, change your saved search.`,
});

/** How many e-mails a mailbox starts with. */
const MAILBOX_SIZE = 30;

/** A tiny but well-formed PDF, the bytes of every attachment. */
function fakePdf(title) {
  const text = `%PDF-1.4\n% ${title}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

/** Gmail's snippet: the start of the plain text, HTML-escaped (so O'Brien reads O&#39;Brien). */
const snippetOf = (text) => escapeHtml(text.replace(/\s+/g, " ").slice(0, 160).trim());

function buildMessage({ email, index, mail, thread, date, unread, sent }) {
  const id = `1${hexId(`${email}:message:${index}`, 15)}`;
  const to = sent ? mail.replyTo : email;
  const from = sent ? email : mail.from;
  const html = `<div dir="ltr">${mail.text
    .split("\n")
    .map((line) => (line ? escapeHtml(line) : "<br>"))
    .join("<br>\n")}</div>`;
  const boundary = `000000000000${hexId(`${id}:boundary`, 16)}`;
  const attachment = mail.attachment && {
    filename: mail.attachment,
    attachmentId: `ANGjdJ${Buffer.from(sha256(`${id}:attachment`)).toString("base64url")}`,
    data: fakePdf(mail.attachment),
  };
  const labelIds = sent
    ? ["SENT"]
    : [...(unread ? ["UNREAD"] : []), ...mail.labels, "INBOX"].filter(
        (label, i, all) => all.indexOf(label) === i,
      );
  const domain = addressOf(from).split("@")[1];
  const headers = [
    ...(sent ? [] : [{ name: "Delivered-To", value: email }]),
    { name: "MIME-Version", value: "1.0" },
    { name: "Date", value: rfc5322(date) },
    {
      name: "Message-ID",
      value: `<${hexId(`${id}:mid`, 24)}@${sent ? "mail.gmail.com" : domain}>`,
    },
    { name: "Subject", value: mail.subject },
    { name: "From", value: from },
    { name: "To", value: to },
    {
      name: "Content-Type",
      value: `multipart/${attachment ? "mixed" : "alternative"}; boundary="${boundary}"`,
    },
  ];
  const message = {
    id,
    threadId: thread ?? id,
    labelIds,
    snippet: snippetOf(mail.text),
    internalDate: date,
    historyId: String(100_000 + index * 37),
    headers,
    subject: mail.subject,
    from,
    to,
    text: mail.text,
    html,
    boundary,
    attachment,
  };
  message.raw = rawMessage(message);
  message.sizeEstimate = message.raw.length;
  return message;
}

/** The RFC 822 source, for format=raw and the size estimate. */
function rawMessage(message) {
  const { boundary, attachment } = message;
  const inner = attachment ? `alt_${boundary}` : boundary;
  const alternative = [
    `--${inner}`,
    'Content-Type: text/plain; charset="UTF-8"',
    "",
    message.text,
    `--${inner}`,
    'Content-Type: text/html; charset="UTF-8"',
    "",
    message.html,
    `--${inner}--`,
  ];
  const body = attachment
    ? [
        `--${boundary}`,
        `Content-Type: multipart/alternative; boundary="${inner}"`,
        "",
        ...alternative,
        `--${boundary}`,
        `Content-Type: application/pdf; name="${attachment.filename}"`,
        `Content-Disposition: attachment; filename="${attachment.filename}"`,
        "Content-Transfer-Encoding: base64",
        "",
        attachment.data.toString("base64"),
        `--${boundary}--`,
      ]
    : alternative;
  const head = message.headers.map(({ name, value }) => `${name}: ${value}`);
  return [...head, "", ...body, ""].join("\r\n");
}

function generateMailbox(email, rand, addresses, now) {
  const money = (low, high) => {
    const dollars = Math.round((low + rand() * (high - low)) * 2) * 500;
    return `$${dollars.toLocaleString("en-US")}`;
  };
  const soon = new Date(now + (7 + Math.floor(rand() * 20)) * DAY);
  const soonWords = `${DAYS[soon.getUTCDay()]}, ${MONTH_NAMES[soon.getUTCMonth()]} ${soon.getUTCDate()}`;
  const shift = Math.floor(rand() * MAIL_TEMPLATES.length);
  const messages = [];
  // Oldest first, so a reply can join the thread of the message before it.
  for (let j = 0; j < MAILBOX_SIZE; j += 1) {
    const ageDays = 29 - j + rand() * 0.9;
    const date = Math.floor(now - ageDays * DAY - 10 * MINUTE);
    const previous = messages.at(-1);
    let mail;
    let sent = false;
    if (j % 5 === 2 && previous) {
      // Every fifth message answers the one before: from the account itself, or a follow-up.
      sent = j % 10 === 2;
      const subject = previous.subject.startsWith("Re: ")
        ? previous.subject
        : `Re: ${previous.subject}`;
      mail = {
        from: previous.from,
        replyTo: previous.from,
        labels: ["IMPORTANT"],
        subject,
        text: sent
          ? "Thanks, let's move forward. Can you send over the next steps and any documents you need signed?"
          : "Following up on my note below: any update on your side? Happy to jump on a call.",
      };
    } else {
      const a = addresses[Math.floor(rand() * addresses.length)];
      const template =
        j === MAILBOX_SIZE - 1
          ? LISTING_ALERT
          : MAIL_TEMPLATES[(j + shift) % MAIL_TEMPLATES.length];
      mail = template({ a, money, soon: soonWords });
    }
    const unread = !sent && rand() < (ageDays < 5 ? 0.8 : 0.2);
    const thread = j % 5 === 2 && previous ? previous.threadId : undefined;
    messages.push(buildMessage({ email, index: j, mail, thread, date, unread, sent }));
  }
  // The newest received message is always unread, so "unread" is never an empty list.
  const newestInbox = messages.findLast((message) => message.labelIds.includes("INBOX"));
  if (!newestInbox.labelIds.includes("UNREAD")) newestInbox.labelIds.unshift("UNREAD");
  return messages.reverse();
}

const DOC = "application/vnd.google-apps.document";
const SHEET = "application/vnd.google-apps.spreadsheet";
const FOLDER = "application/vnd.google-apps.folder";
const PDF = "application/pdf";
const JPEG = "image/jpeg";

/** Drive's web link differs by kind: Docs and Sheets open in their editors, folders in Drive. */
function webViewLink(id, mimeType) {
  if (mimeType === DOC) return `https://docs.google.com/document/d/${id}/edit?usp=drivesdk`;
  if (mimeType === SHEET) return `https://docs.google.com/spreadsheets/d/${id}/edit?usp=drivesdk`;
  if (mimeType === FOLDER) return `https://drive.google.com/drive/folders/${id}`;
  return `https://drive.google.com/file/d/${id}/view?usp=drivesdk`;
}

function generateDrive(email, rand, addresses, now) {
  const [a, b, c, d, e, f] = addresses;
  const rootId = `0A${Buffer.from(sha256(`${email}:root`))
    .toString("base64url")
    .slice(0, 13)}Uk9PVA`;
  const idFor = (i) =>
    `1${Buffer.from(sha256(`${email}:drive:${i}`))
      .toString("base64url")
      .slice(0, 32)}`;
  // [name, mimeType, words inside it (for fullText), index of the parent folder or null]
  const specs = [
    [
      `Purchase Agreement - ${a}`,
      DOC,
      "purchase agreement earnest money closing date buyer seller",
    ],
    [`Purchase Agreement - ${b}`, DOC, "purchase agreement earnest money inspection contingency"],
    [`Rehab Budget - ${a}`, SHEET, "rehab budget kitchen roof flooring paint contingency"],
    [`Rehab Budget - ${c}`, SHEET, "rehab budget electrical plumbing hvac windows"],
    [`Inspection Report - ${c}.pdf`, PDF, "inspection report roof water heater foundation gfci"],
    [`Title Commitment - ${d}.pdf`, PDF, "title commitment schedule b mortgage lien"],
    [`Closing Disclosure - ${d}.pdf`, PDF, "closing disclosure cash to close loan terms"],
    [`Scope of Work - ${c}`, DOC, "scope of work demolition drywall cabinets"],
    [`Contractor Bid - Ortiz Builds - ${a}.pdf`, PDF, "contractor bid kitchen roof flooring"],
    [`Lease - ${e} Unit B.pdf`, PDF, "residential lease tenant rent security deposit"],
    [`Rent Roll - ${e}`, SHEET, "rent roll tenants units late fees"],
    [`Comps - ${f}`, SHEET, "comparable sales arv price per square foot"],
    ["Deal Analyzer", SHEET, "deal analyzer arv rehab holding costs cash on cash return"],
    ["Sheriff Sale List - Montgomery County", SHEET, "sheriff sale auction opening bid parcel"],
    ["Lender Pre-Approval - Summit Lending.pdf", PDF, "pre-approval loan amount lender"],
    [`Insurance Binder - ${a}.pdf`, PDF, "insurance binder dwelling coverage vacant"],
    ["Investor Memo - Pipeline Review", DOC, "pipeline review offers closings cash flow"],
    [`Photos - ${a}`, FOLDER, "photos"],
    [`${a} - front exterior.jpg`, JPEG, "photo front exterior", 17],
    [`${a} - kitchen before.jpg`, JPEG, "photo kitchen before rehab", 17],
    [`${a} - basement water stain.jpg`, JPEG, "photo basement water damage", 17],
    [`Photos - ${b}`, FOLDER, "photos"],
    [`${b} - front exterior.jpg`, JPEG, "photo front exterior", 21],
    [`${b} - roof.jpg`, JPEG, "photo roof shingles", 21],
    [`Offer Draft - ${f}`, DOC, "offer draft purchase price terms"],
  ];
  const owner = {
    kind: "drive#user",
    displayName: namesOf(email).given,
    me: true,
    emailAddress: email,
  };
  return specs.map(([name, mimeType, words, parent], i) => {
    const id = idFor(i);
    const modified = Math.floor(now - rand() * 60 * DAY);
    const created = Math.floor(modified - rand() * 30 * DAY);
    const binary = !mimeType.startsWith("application/vnd.google-apps.");
    const file = {
      kind: "drive#file",
      id,
      name,
      mimeType,
      parents: [parent === undefined ? rootId : idFor(parent)],
      starred: i === 12,
      trashed: i === specs.length - 1,
      createdTime: new Date(created).toISOString(),
      modifiedTime: new Date(modified).toISOString(),
      webViewLink: webViewLink(id, mimeType),
      iconLink: `https://drive-thirdparty.googleusercontent.com/16/type/${mimeType}`,
      owners: [owner],
      ...(binary && { size: String(20_000 + Math.floor(rand() * 4_000_000)) }),
    };
    return { file, text: `${name} ${words}`.toLowerCase(), rootId };
  });
}

const HOLIDAYS_ID = "en.usa#holiday@group.v.calendar.google.com";
const DEALS_ID = "deals@group.calendar.google.com";
const FIXED_HOLIDAYS = [
  [1, 1, "New Year's Day"],
  [2, 14, "Valentine's Day"],
  [3, 17, "St. Patrick's Day"],
  [6, 19, "Juneteenth"],
  [7, 4, "Independence Day"],
  [10, 31, "Halloween"],
  [11, 11, "Veterans Day"],
  [12, 24, "Christmas Eve"],
  [12, 25, "Christmas Day"],
  [12, 31, "New Year's Eve"],
];

function generateCalendars(email, addresses, now) {
  const [a, b, c, d, e, f] = addresses;
  const today = wallClock(now, ZONE);
  const next =
    today.month === 12
      ? { year: today.year + 1, month: 1 }
      : { year: today.year, month: today.month + 1 };
  const created = new Date(now - 20 * DAY).toISOString();
  const calendars = new Map();
  const addCalendar = (entry) => {
    calendars.set(entry.id, { entry, events: new Map() });
  };
  addCalendar({
    kind: "calendar#calendarListEntry",
    etag: `"${1_700_000_000_000 + 1}"`,
    id: email,
    summary: email,
    timeZone: ZONE,
    colorId: "14",
    backgroundColor: "#9fe1e7",
    foregroundColor: "#000000",
    selected: true,
    accessRole: "owner",
    defaultReminders: [{ method: "popup", minutes: 10 }],
    notificationSettings: {
      notifications: [
        { type: "eventCreation", method: "email" },
        { type: "eventChange", method: "email" },
        { type: "eventCancellation", method: "email" },
      ],
    },
    primary: true,
    conferenceProperties: { allowedConferenceSolutionTypes: ["hangoutsMeet"] },
  });
  addCalendar({
    kind: "calendar#calendarListEntry",
    etag: `"${1_700_000_000_000 + 2}"`,
    id: DEALS_ID,
    summary: "Deals",
    description: "Auctions, offer deadlines and closings",
    timeZone: ZONE,
    colorId: "7",
    backgroundColor: "#42d692",
    foregroundColor: "#000000",
    selected: true,
    accessRole: "owner",
    defaultReminders: [],
    conferenceProperties: { allowedConferenceSolutionTypes: ["hangoutsMeet"] },
  });
  // Not selected: Google then leaves `selected` out rather than writing false.
  addCalendar({
    kind: "calendar#calendarListEntry",
    etag: `"${1_700_000_000_000 + 3}"`,
    id: HOLIDAYS_ID,
    summary: "Holidays in United States",
    description: "Holidays and Observances in United States",
    timeZone: ZONE,
    colorId: "8",
    backgroundColor: "#16a765",
    foregroundColor: "#000000",
    accessRole: "reader",
    defaultReminders: [],
    conferenceProperties: { allowedConferenceSolutionTypes: ["hangoutsMeet"] },
  });

  let counter = 0;
  const add = (calendarId, fields) => {
    counter += 1;
    const id = fields.id ?? eventId(sha256(`${email}:event:${counter}`));
    const event = {
      kind: "calendar#event",
      etag: `"${3_400_000_000_000_000 + counter}"`,
      id,
      status: "confirmed",
      htmlLink: htmlLink(id, calendarId),
      created,
      updated: created,
      summary: fields.summary,
      ...(fields.description && { description: fields.description }),
      ...(fields.location && { location: fields.location }),
      creator: { email, self: true },
      organizer:
        calendarId === email
          ? { email, self: true }
          : { email: calendarId, displayName: calendars.get(calendarId).entry.summary, self: true },
      start: fields.start,
      end: fields.end,
      ...(fields.transparency && { transparency: fields.transparency }),
      ...(fields.visibility && { visibility: fields.visibility }),
      iCalUID: `${id}@google.com`,
      sequence: 0,
      reminders: { useDefault: calendarId === email },
      eventType: "default",
    };
    calendars.get(calendarId).events.set(id, event);
  };
  const timed = ({ year, month }, day, hour, minute, minutes) => {
    const start = zonedInstant({ year, month, day, hour, minute }, ZONE);
    return {
      start: { dateTime: rfc3339InZone(start, ZONE), timeZone: ZONE },
      end: { dateTime: rfc3339InZone(start + minutes * MINUTE, ZONE), timeZone: ZONE },
    };
  };
  /** Days from today (in New York), at a wall-clock time. */
  const inDays = (days, hour, minute, minutes) => {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    const month = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
    return timed(month, date.getUTCDate(), hour, minute, minutes);
  };
  const allDay = (month, day, days = 1) => {
    const from = new Date(Date.UTC(month.year, month.month - 1, day));
    const to = new Date(from.getTime() + days * DAY);
    return {
      start: { date: from.toISOString().slice(0, 10) },
      end: { date: to.toISOString().slice(0, 10) },
    };
  };
  const place = (street) => `${street}, Dayton, OH`;

  add(email, {
    summary: `Walkthrough - ${a}`,
    location: place(a),
    ...timed(today, 3, 10, 0, 60),
  });
  add(email, {
    summary: "Call with Jordan Lee (Summit Lending)",
    description: `Rate lock and appraisal for ${d}.`,
    ...timed(today, 8, 11, 30, 30),
  });
  add(email, { summary: `Inspection - ${c}`, location: place(c), ...timed(today, 12, 9, 0, 180) });
  add(email, {
    summary: `Contractor meeting - Marcus Ortiz at ${a}`,
    description: "Go over the rehab bid: kitchen, roof patch, flooring.",
    location: place(a),
    ...timed(today, 17, 14, 0, 60),
  });
  add(email, {
    summary: "Title review call - Ohio Title Partners",
    ...timed(today, 22, 15, 0, 30),
  });
  add(email, { summary: `Open house - ${b}`, location: place(b), ...timed(today, 26, 13, 0, 120) });
  add(email, { summary: `Showing - ${e}`, location: place(e), ...inDays(1, 9, 30, 45) });
  add(email, {
    summary: "Coffee with Tasha Greene (wholesaler)",
    location: "Ghostlight Coffee, 1201 Brown St, Dayton, OH",
    ...inDays(3, 14, 0, 60),
  });
  add(email, { summary: "Rent due - all units", transparency: "transparent", ...allDay(next, 1) });
  add(email, {
    summary: `Closing - ${d}`,
    description: "Bring ID. Wire confirmed by phone the day before.",
    location: "Ohio Title Partners, 130 W Second St, Dayton, OH",
    ...timed(next, 5, 10, 0, 60),
  });
  add(email, { summary: "Quarterly portfolio review", ...timed(next, 14, 16, 0, 60) });

  add(DEALS_ID, {
    summary: `Sheriff sale - Montgomery County (${c})`,
    location: "Montgomery County Courts Building, 41 N Perry St, Dayton, OH",
    ...timed(today, 15, 10, 0, 120),
  });
  add(DEALS_ID, { summary: `Offer deadline - ${f}`, ...allDay(today, 20) });
  add(DEALS_ID, { summary: `Inspection period ends - ${b}`, ...allDay(next, 9) });

  for (const year of [today.year - 1, today.year, today.year + 1]) {
    for (const [month, day, name] of FIXED_HOLIDAYS) {
      const { start, end } = allDay({ year, month }, day);
      const id = `${year}${pad(month)}${pad(day)}_${eventId(sha256(name)).slice(0, 16)}`;
      add(HOLIDAYS_ID, {
        id,
        summary: name,
        description: "Public holiday",
        start,
        end,
        transparency: "transparent",
        visibility: "public",
      });
    }
  }
  return calendars;
}

/** Calendar's event link: eid is base64 of "eventId calendarId". */
const htmlLink = (id, calendarId) =>
  `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${calendarId}`).toString("base64url")}`;

function createAccount(email) {
  const now = Date.now();
  const rand = seededRandom(email);
  const addresses = addressesFor(rand);
  const messages = generateMailbox(email, rand, addresses, now);
  const drive = generateDrive(email, rand, addresses, now);
  return {
    email,
    sub: `1${BigInt(`0x${hexId(`${email}:sub`, 20)}`)
      .toString()
      .padStart(20, "0")
      .slice(0, 20)}`,
    messages,
    drive,
    calendars: generateCalendars(email, addresses, now),
  };
}

// ---------------------------------------------------------------------------------------------
// State

function freshState() {
  return {
    /** @type {Map<string, ReturnType<typeof createAccount>>} e-mail → data */
    accounts: new Map(),
    /** authorization code → what it was issued for */
    codes: new Map(),
    /** access token → { grant, expiresAt, expired } */
    accessTokens: new Map(),
    /** refresh token → grant */
    refreshTokens: new Map(),
    /** "client e-mail" → scopes granted so far (include_granted_scopes) */
    granted: new Map(),
    grants: [],
    consent: {},
    expiresIn: DEFAULT_EXPIRES_IN,
    log: [],
    counters: { exchanges: 0, refreshes: 0, revocations: 0 },
    /** calendar id → { left: writes still answered, failing: Set of write kinds it counts } */
    writeFailures: new Map(),
  };
}

function accountOf(state, email) {
  let account = state.accounts.get(email);
  if (!account) {
    account = createAccount(email);
    state.accounts.set(email, account);
  }
  return account;
}

// ---------------------------------------------------------------------------------------------
// OAuth 2.0

/** "email openid https://…/gmail.readonly" → full names, as Google echoes them; null if bad. */
function normalizeScopes(text) {
  const scopes = [];
  const invalid = [];
  for (const scope of text.split(/[\s+]+/).filter(Boolean)) {
    const full = SHORT_SCOPES[scope] ?? scope;
    if (full === "openid" || full.startsWith(G) || full === "https://mail.google.com/") {
      if (!scopes.includes(full)) scopes.push(full);
    } else invalid.push(scope);
  }
  return { scopes, invalid };
}

/** Google's "Error 400" page, shown in the browser instead of redirecting back. */
function errorPage(response, error, detail) {
  response.writeHead(400, { "Content-Type": "text/html; charset=utf-8" });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error 400 (${escapeHtml(error)})</title></head>` +
      `<body><h1>Access blocked: Authorization Error</h1><p>${escapeHtml(detail)}</p>` +
      `<p><b>Error 400: ${escapeHtml(error)}</b></p></body></html>`,
  );
}

/** Google's query strings encode with %20, not +; keep that so naive decoders see spaces. */
const encodeQuery = (pairs) =>
  pairs
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");

function redirectTo(response, target, pairs) {
  const query = encodeQuery(pairs);
  const url = new URL(target);
  url.search = url.search ? `${url.search}&${query}` : `?${query}`;
  response.writeHead(302, { Location: url.href, "Content-Type": "text/html; charset=UTF-8" });
  response.end();
}

function authorize(state, query, response) {
  const bad = (detail, error = "invalid_request") => errorPage(response, error, detail);
  const get = (name) => query.get(name) ?? "";
  const clientId = get("client_id");
  if (!clientId) return bad("Missing required parameter: client_id");
  const redirectUri = get("redirect_uri");
  if (!redirectUri) return bad("Missing required parameter: redirect_uri");
  let target;
  try {
    target = new URL(redirectUri);
  } catch {
    return bad(`Invalid parameter value for redirect_uri: Missing scheme: ${redirectUri}`);
  }
  if (!/^https?:$/.test(target.protocol) || target.hash)
    return bad(`Invalid parameter value for redirect_uri: ${redirectUri}`);
  const responseType = get("response_type");
  if (!responseType) return bad("Missing required parameter: response_type");
  if (responseType !== "code")
    return bad(`Invalid response_type: ${responseType}`, "unsupported_response_type");
  if (!get("scope")) return bad("Missing required parameter: scope");
  const { scopes, invalid } = normalizeScopes(get("scope"));
  if (invalid.length)
    return bad(
      `Some requested scopes were invalid. {invalid=[${invalid.join(", ")}]}`,
      "invalid_scope",
    );
  const challenge = get("code_challenge");
  if (!challenge) return bad("Missing required parameter: code_challenge");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge))
    return bad("Invalid parameter value for code_challenge.");
  if (get("code_challenge_method") !== "S256")
    return bad(
      `Invalid code_challenge_method: ${get("code_challenge_method") || "(missing)"} (this server requires S256)`,
    );
  const accessType = get("access_type") || "online";
  if (!["online", "offline"].includes(accessType)) return bad(`Invalid access_type: ${accessType}`);
  const prompts = get("prompt").split(" ").filter(Boolean);

  const consent = state.consent;
  state.consent = {}; // a steering setting holds for one sign-in only
  const stateParam = query.get("state") ?? undefined;
  if (consent.deny)
    return redirectTo(response, redirectUri, [
      ["error", "access_denied"],
      ["state", stateParam],
    ]);

  const hint = get("login_hint");
  const email = (consent.email ?? (hint.includes("@") ? hint : DEFAULT_EMAIL)).toLowerCase();
  const key = `${clientId} ${email}`;
  const before = state.granted.get(key) ?? [];
  if (prompts.includes("none") && !scopes.every((scope) => before.includes(scope)))
    return redirectTo(response, redirectUri, [
      ["error", "consent_required"],
      ["state", stateParam],
    ]);
  let granted = scopes;
  if (consent.grantOnly) {
    // The user unticked some boxes; the basic scopes cannot be unticked.
    const chosen = normalizeScopes(consent.grantOnly.join(" ")).scopes;
    granted = scopes.filter((scope) => BASIC_SCOPES.has(scope) || chosen.includes(scope));
  } else if (get("include_granted_scopes") === "true") {
    granted = [...scopes, ...before.filter((scope) => !scopes.includes(scope))];
  }
  state.granted.set(key, [...before, ...granted.filter((scope) => !before.includes(scope))]);

  const code = `4/0${randomToken(36)}`;
  state.codes.set(code, {
    clientId,
    redirectUri,
    challenge,
    scopes: granted,
    email,
    accessType,
    consented: prompts.includes("consent"),
    nonce: query.get("nonce") ?? undefined,
    issuedAt: Date.now(),
    used: false,
  });
  redirectTo(response, redirectUri, [
    ["state", stateParam],
    ["code", code],
    ["scope", granted.join(" ")],
    ["authuser", "0"],
    ["prompt", prompts.includes("consent") ? "consent" : "none"],
  ]);
}

const tokenError = (status, error, description) =>
  new GoogleError(status, { error, error_description: description });

/** The ID token: a JWT whose signature nobody checks (it came straight from the token endpoint). */
function idToken(grant, account) {
  const iat = Math.floor(Date.now() / 1000);
  const { given, family } = namesOf(account.email);
  const payload = {
    iss: "https://accounts.google.com",
    azp: grant.clientId,
    aud: grant.clientId,
    sub: account.sub,
    ...(grant.scopes.includes(SHORT_SCOPES.email) && {
      email: account.email,
      email_verified: true,
    }),
    ...(grant.nonce && { nonce: grant.nonce }),
    ...(grant.scopes.includes(SHORT_SCOPES.profile) && {
      name: [given, family].filter(Boolean).join(" "),
      given_name: given,
      ...(family && { family_name: family }),
      picture: `https://lh3.googleusercontent.com/a/${account.sub}=s96-c`,
    }),
    iat,
    exp: iat + 3600,
  };
  const part = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const header = { alg: "RS256", kid: "fake", typ: "JWT" };
  return `${part(header)}.${part(payload)}.${randomBytes(256).toString("base64url")}`;
}

function issueAccessToken(state, grant) {
  const token = `ya29.${randomToken(96)}`;
  state.accessTokens.set(token, {
    grant,
    expiresAt: Date.now() + state.expiresIn * 1000,
    expired: false,
  });
  return token;
}

function revokeGrant(state, grant) {
  grant.revoked = true;
  state.granted.delete(`${grant.clientId} ${grant.email}`);
}

/** Client credentials from the body or, as Google also accepts, HTTP Basic. */
function clientCredentials(request, body) {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  if (basic) {
    const [id, secret] = Buffer.from(basic[1], "base64").toString().split(":");
    return { clientId: decodeURIComponent(id ?? ""), secret: decodeURIComponent(secret ?? "") };
  }
  return { clientId: body.client_id ?? "", secret: body.client_secret ?? "" };
}

function exchangeToken(state, request, body) {
  if (!isPlainObject(body))
    throw tokenError(400, "invalid_request", "Could not determine client ID from request.");
  const grantType = body.grant_type ?? "";
  if (!grantType) throw tokenError(400, "unsupported_grant_type", "Invalid grant_type: ");
  const { clientId, secret } = clientCredentials(request, body);
  if (!clientId)
    throw tokenError(400, "invalid_request", "Could not determine client ID from request.");
  if (!secret) throw tokenError(401, "invalid_client", "Unauthorized");
  if (grantType === "authorization_code") return redeemCode(state, body, clientId);
  if (grantType === "refresh_token") return refresh(state, body, clientId);
  throw tokenError(400, "unsupported_grant_type", `Invalid grant_type: ${grantType}`);
}

function redeemCode(state, body, clientId) {
  for (const name of ["code", "redirect_uri"])
    if (!body[name])
      throw tokenError(400, "invalid_request", `Missing required parameter: ${name}`);
  const code = state.codes.get(body.code);
  if (!code || code.used || Date.now() - code.issuedAt > CODE_LIFETIME_MS)
    throw tokenError(400, "invalid_grant", "Bad Request");
  if (code.clientId !== clientId) throw tokenError(400, "invalid_grant", "Bad Request");
  if (code.redirectUri !== body.redirect_uri)
    throw tokenError(400, "redirect_uri_mismatch", "Bad Request");
  const verifier = body.code_verifier ?? "";
  if (!verifier) throw tokenError(400, "invalid_grant", "Missing code verifier.");
  const digest = sha256(verifier).toString("base64url");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || digest !== code.challenge)
    throw tokenError(400, "invalid_grant", "Invalid code verifier.");
  code.used = true;

  // Like Google, a refresh token comes with offline access, on the first consent or when the
  // consent screen was forced again (prompt=consent).
  const hadRefresh = state.grants.some(
    (grant) =>
      !grant.revoked &&
      grant.refreshToken &&
      grant.clientId === clientId &&
      grant.email === code.email,
  );
  const withRefresh = code.accessType === "offline" && (code.consented || !hadRefresh);
  const grant = {
    clientId,
    email: code.email,
    scopes: code.scopes,
    nonce: code.nonce,
    refreshToken: withRefresh ? `1//0${randomToken(72)}` : null,
    revoked: false,
  };
  state.grants.push(grant);
  if (grant.refreshToken) state.refreshTokens.set(grant.refreshToken, grant);
  state.counters.exchanges += 1;
  const account = accountOf(state, grant.email);
  return {
    access_token: issueAccessToken(state, grant),
    expires_in: state.expiresIn,
    ...(grant.refreshToken && { refresh_token: grant.refreshToken }),
    scope: grant.scopes.join(" "),
    token_type: "Bearer",
    ...(grant.scopes.some((scope) => BASIC_SCOPES.has(scope)) && {
      id_token: idToken(grant, account),
    }),
  };
}

function refresh(state, body, clientId) {
  if (!body.refresh_token)
    throw tokenError(400, "invalid_request", "Missing required parameter: refresh_token");
  const grant = state.refreshTokens.get(body.refresh_token);
  if (!grant || grant.revoked)
    throw tokenError(400, "invalid_grant", "Token has been expired or revoked.");
  if (grant.clientId !== clientId) throw tokenError(401, "unauthorized_client", "Unauthorized");
  state.counters.refreshes += 1;
  return {
    access_token: issueAccessToken(state, grant),
    expires_in: state.expiresIn,
    scope: grant.scopes.join(" "),
    token_type: "Bearer",
    ...(grant.scopes.some((scope) => BASIC_SCOPES.has(scope)) && {
      id_token: idToken(grant, accountOf(state, grant.email)),
    }),
  };
}

function revoke(state, query, body) {
  const token = query.get("token") ?? (isPlainObject(body) ? body.token : undefined);
  const grant = state.accessTokens.get(token)?.grant ?? state.refreshTokens.get(token);
  if (!token || !grant || grant.revoked)
    throw tokenError(400, "invalid_token", "Token expired or revoked");
  revokeGrant(state, grant);
  state.counters.revocations += 1;
  return {};
}

/** The access token's record when the request carries a live one. */
function authenticate(state, request, query) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  const token = bearer ?? query.get("access_token");
  const record = token && state.accessTokens.get(token);
  if (!record || record.expired || record.grant.revoked || record.expiresAt <= Date.now())
    return null;
  return record;
}

// ---------------------------------------------------------------------------------------------
// Partial responses (`fields`), pagination, parameters

/** Parses Google's `fields` syntax ("nextPageToken,files(id,name),kind/x") into a tree. */
function parseFields(text) {
  let i = 0;
  const skip = () => {
    while (text[i] === " ") i += 1;
  };
  const list = () => {
    const tree = {};
    for (;;) {
      skip();
      const match = /^[\w*@$.-]+(?:\/[\w*@$.-]+)*/.exec(text.slice(i));
      if (!match) throw invalidValue("fields");
      i += match[0].length;
      const path = match[0].split("/");
      let node = tree;
      for (const key of path.slice(0, -1)) {
        if (node[key] === true) break;
        node = node[key] = isPlainObject(node[key]) ? node[key] : {};
      }
      const last = path.at(-1);
      skip();
      if (text[i] === "(") {
        i += 1;
        const sub = list();
        if (text[i] !== ")") throw invalidValue("fields");
        i += 1;
        if (node[last] !== true) node[last] = { ...node[last], ...sub };
      } else node[last] = true;
      skip();
      if (text[i] !== ",") return tree;
      i += 1;
    }
  };
  const tree = list();
  if (i !== text.length) throw invalidValue("fields");
  return tree;
}

function selectFields(value, tree) {
  if (tree === true || tree["*"] === true) return value;
  if (Array.isArray(value)) return value.map((item) => selectFields(item, tree));
  if (!isPlainObject(value)) return value;
  const out = {};
  for (const [key, sub] of Object.entries(tree))
    if (key in value) out[key] = selectFields(value[key], sub);
  return out;
}

const encodePageToken = (offset) => Buffer.from(`offset:${offset}`).toString("base64url");

/** One page of `items` and the token of the next, if any. */
function paginate(items, size, token) {
  let start = 0;
  if (token) {
    const match = /^offset:(\d+)$/.exec(Buffer.from(token, "base64url").toString());
    if (!match) throw invalidValue("pageToken");
    start = Number(match[1]);
  }
  const end = start + size;
  return {
    items: items.slice(start, end),
    next: end < items.length ? encodePageToken(end) : undefined,
  };
}

/** An integer parameter, clamped to `max` as Google does; junk or < 1 is a 400. */
function intParam(query, name, fallback, max) {
  const raw = query.get(name);
  if (raw === null || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw invalidValue(name);
  return Math.min(value, max);
}

const boolParam = (query, name) => query.get(name) === "true";

// ---------------------------------------------------------------------------------------------
// Gmail v1

/** The Gmail user in the path must be "me" or the signed-in address. */
function mailbox(ctx) {
  const userId = ctx.params[0];
  if (userId !== "me" && userId.toLowerCase() !== ctx.account.email)
    throw fail(403, `Delegation denied for ${ctx.account.email}`, {
      status: "PERMISSION_DENIED",
    });
  return ctx.account.messages;
}

/** True when the token can read metadata only (gmail.metadata and nothing broader). */
const metadataOnly = (ctx) =>
  ctx.token.grant.scopes.includes(`${G}gmail.metadata`) &&
  !SCOPES.gmail.any.some(
    (scope) => scope !== `${G}gmail.metadata` && ctx.token.grant.scopes.includes(scope),
  );

/** Splits a Gmail search into terms: `-word`, `op:value`, `op:"a b"`, `op:(a b)`, `"a b"`, OR. */
function gmailTerms(q) {
  const terms = [];
  const pattern = /(-)?(?:([a-z_]+):)?("[^"]*"|\([^)]*\)|[^\s]+)/gi;
  let match;
  let or = false;
  while ((match = pattern.exec(q))) {
    const [, negate, op, raw] = match;
    if (!negate && !op && (raw === "OR" || raw === "|")) {
      or = true;
      continue;
    }
    const value = raw.replace(/^["(]|[")]$/g, "").toLowerCase();
    const term = { negate: Boolean(negate), op: op?.toLowerCase(), value };
    if (or && terms.length) terms.at(-1).push(term);
    else terms.push([term]);
    or = false;
  }
  return terms; // every group must match; a group matches if any of its terms does
}

/** Age like "7d", "2m", "1y", "12h" in ms. */
function ageMs(value) {
  const match = /^(\d+)([dmyh])$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * { h: HOUR, d: DAY, m: 30 * DAY, y: 365 * DAY }[match[2]];
}

/** "2024/07/02" or "2024-07-02" (local midnight, New York) or epoch seconds → ms. */
function gmailDate(value) {
  if (/^\d{9,}$/.test(value)) return Number(value) * 1000;
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  return zonedInstant({ year, month, day }, ZONE);
}

function gmailTermMatches(message, { op, value }) {
  const words = value.split(/\s+/).filter(Boolean);
  const inText = (text) => words.every((word) => text.toLowerCase().includes(word));
  const labels = message.labelIds;
  switch (op) {
    case "from":
      return inText(message.from);
    case "to":
      return inText(message.to);
    case "subject":
      return inText(message.subject);
    case "is":
      if (value === "read") return !labels.includes("UNREAD");
      return labels.includes(value.toUpperCase());
    case "in":
      if (value === "anywhere") return true;
      return labels.includes(value.toUpperCase());
    case "label":
      return labels.some(
        (label) => label.toLowerCase() === value || label.toLowerCase() === `category_${value}`,
      );
    case "category":
      return labels.includes(`CATEGORY_${value.toUpperCase()}`);
    case "has":
      return value === "attachment" ? Boolean(message.attachment) : false;
    case "filename":
      return Boolean(message.attachment && inText(message.attachment.filename));
    case "newer_than":
    case "older_than": {
      const age = ageMs(value);
      if (age === null) return false;
      return op === "newer_than"
        ? message.internalDate > Date.now() - age
        : message.internalDate <= Date.now() - age;
    }
    case "after":
    case "before": {
      const at = gmailDate(value);
      if (at === null) return false;
      return op === "after" ? message.internalDate >= at : message.internalDate < at;
    }
    default: {
      // Free words (and operators this fake does not know, read as words).
      const word = op ? `${op}:${value}` : value;
      const text = [message.subject, message.from, message.to, message.text].join("\n");
      return word
        .split(/\s+/)
        .filter(Boolean)
        .every((part) => text.toLowerCase().includes(part));
    }
  }
}

function gmailList(ctx) {
  const messages = mailbox(ctx);
  const q = ctx.query.get("q") ?? "";
  if (q && metadataOnly(ctx))
    throw fail(403, "Metadata scope does not support 'q' parameter", {
      status: "PERMISSION_DENIED",
    });
  const groups = gmailTerms(q);
  const labelIds = ctx.query.getAll("labelIds");
  const size = intParam(ctx.query, "maxResults", 100, 500);
  const matching = messages.filter(
    (message) =>
      labelIds.every((label) => message.labelIds.includes(label)) &&
      groups.every((group) =>
        group.some((term) => gmailTermMatches(message, term) !== term.negate),
      ),
  );
  const { items, next } = paginate(matching, size, ctx.query.get("pageToken"));
  return {
    ...(items.length && {
      messages: items.map(({ id, threadId }) => ({ id, threadId })),
    }),
    ...(next && { nextPageToken: next }),
    resultSizeEstimate: matching.length,
  };
}

function findMessage(ctx) {
  const message = mailbox(ctx).find((candidate) => candidate.id === ctx.params[1]);
  if (!message) throw notFound();
  return message;
}

const textPart = (partId, mimeType, content) => {
  const data = Buffer.from(content);
  return {
    partId,
    mimeType,
    filename: "",
    headers: [{ name: "Content-Type", value: `${mimeType}; charset="UTF-8"` }],
    body: { size: data.length, data: data.toString("base64url") },
  };
};

/** The payload of format=full: the MIME tree with base64url bodies. */
function fullPayload(message) {
  const { attachment } = message;
  const alternative = (prefix) => [
    textPart(`${prefix}0`, "text/plain", message.text),
    textPart(`${prefix}1`, "text/html", message.html),
  ];
  if (!attachment)
    return {
      partId: "",
      mimeType: "multipart/alternative",
      filename: "",
      headers: message.headers,
      body: { size: 0 },
      parts: alternative(""),
    };
  return {
    partId: "",
    mimeType: "multipart/mixed",
    filename: "",
    headers: message.headers,
    body: { size: 0 },
    parts: [
      {
        partId: "0",
        mimeType: "multipart/alternative",
        filename: "",
        headers: [
          {
            name: "Content-Type",
            value: `multipart/alternative; boundary="alt_${message.boundary}"`,
          },
        ],
        body: { size: 0 },
        parts: alternative("0."),
      },
      {
        partId: "1",
        mimeType: "application/pdf",
        filename: attachment.filename,
        headers: [
          { name: "Content-Type", value: `application/pdf; name="${attachment.filename}"` },
          {
            name: "Content-Disposition",
            value: `attachment; filename="${attachment.filename}"`,
          },
          { name: "Content-Transfer-Encoding", value: "base64" },
        ],
        body: { attachmentId: attachment.attachmentId, size: attachment.data.length },
      },
    ],
  };
}

function gmailGet(ctx) {
  const message = findMessage(ctx);
  const format = ctx.query.get("format") ?? "full";
  if (!["full", "metadata", "minimal", "raw"].includes(format)) throw invalidValue("format");
  if (metadataOnly(ctx) && (format === "full" || format === "raw"))
    throw fail(403, `Metadata scope doesn't allow format ${format.toUpperCase()}`, {
      status: "PERMISSION_DENIED",
    });
  const base = {
    id: message.id,
    threadId: message.threadId,
    labelIds: message.labelIds,
    snippet: message.snippet,
    sizeEstimate: message.sizeEstimate,
    historyId: message.historyId,
    internalDate: String(message.internalDate),
  };
  if (format === "minimal") return base;
  if (format === "raw") return { ...base, raw: Buffer.from(message.raw).toString("base64url") };
  if (format === "full") return { ...base, payload: fullPayload(message) };
  const wanted = ctx.query.getAll("metadataHeaders").map((name) => name.toLowerCase());
  const headers = wanted.length
    ? message.headers.filter((header) => wanted.includes(header.name.toLowerCase()))
    : message.headers;
  return {
    ...base,
    payload: { mimeType: `multipart/${message.attachment ? "mixed" : "alternative"}`, headers },
  };
}

function gmailAttachment(ctx) {
  const message = findMessage(ctx);
  if (metadataOnly(ctx)) throw insufficientScopes(SCOPES.gmail);
  const { attachment } = message;
  if (!attachment || attachment.attachmentId !== ctx.params[2]) throw notFound();
  return {
    attachmentId: attachment.attachmentId,
    size: attachment.data.length,
    data: attachment.data.toString("base64url"),
  };
}

function gmailProfile(ctx) {
  const messages = mailbox(ctx);
  return {
    emailAddress: ctx.account.email,
    messagesTotal: messages.length,
    threadsTotal: new Set(messages.map((message) => message.threadId)).size,
    historyId: messages.map((message) => message.historyId).sort((a, b) => b - a)[0],
  };
}

/** The headers and text of a raw RFC 2822 message (a base64 or plain body). */
function parseRaw(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^\s/.test(line) && headers.length) headers.at(-1).value += ` ${line.trim()}`;
    else {
      const at = line.indexOf(":");
      if (at > 0)
        headers.push({ name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() });
    }
  }
  const get = (name) => headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
  const body = rest.join("\r\n\r\n");
  const text = /base64/i.test(get("Content-Transfer-Encoding") ?? "")
    ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
    : body;
  /** RFC 2047 encoded-words (=?UTF-8?B?…?=) as text. */
  const decode = (value = "") =>
    value.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b64) => Buffer.from(b64, "base64").toString());
  return { headers, get, subject: decode(get("Subject")), text: text.replace(/\r\n/g, "\n") };
}

/** Adds a message to an account's mailbox (newest first), in `threadId` or a thread of its own. */
function addToMailbox(account, { from, to, subject, text, threadId, sent, extraHeaders = [] }) {
  account.nextIndex = (account.nextIndex ?? 1000) + 1;
  const message = buildMessage({
    email: account.email,
    index: account.nextIndex,
    mail: { from, replyTo: to, labels: sent ? [] : ["IMPORTANT"], subject, text },
    thread: threadId,
    date: Date.now(),
    unread: !sent,
    sent,
  });
  message.headers.push(...extraHeaders);
  message.raw = rawMessage(message);
  account.messages.unshift(message);
  return message;
}

/** users.messages.send: `raw` is the whole message, base64url; `threadId` puts it in a thread. */
function gmailSend(ctx) {
  const messages = mailbox(ctx);
  const body = isPlainObject(ctx.body) ? ctx.body : {};
  if (typeof body.raw !== "string" || !body.raw)
    throw fail(400, "Recipient address required", {
      reason: "invalidArgument",
      status: "INVALID_ARGUMENT",
    });
  const parsed = parseRaw(Buffer.from(body.raw, "base64url").toString("utf8"));
  const to = parsed.get("To");
  if (!to)
    throw fail(400, "Recipient address required", {
      reason: "invalidArgument",
      status: "INVALID_ARGUMENT",
    });
  if (body.threadId !== undefined && !messages.some((m) => m.threadId === body.threadId))
    throw notFound();
  const threading = ["In-Reply-To", "References"].flatMap((name) =>
    parsed.get(name) ? [{ name, value: parsed.get(name) }] : [],
  );
  const message = addToMailbox(ctx.account, {
    from: ctx.account.email,
    to,
    subject: parsed.subject,
    text: parsed.text,
    threadId: body.threadId,
    sent: true,
    extraHeaders: threading,
  });
  return { id: message.id, threadId: message.threadId, labelIds: message.labelIds };
}

/** users.threads.get: the thread's messages oldest first, each as messages.get gives it. */
function gmailThread(ctx) {
  const messages = mailbox(ctx)
    .filter((message) => message.threadId === ctx.params[1])
    .reverse();
  if (!messages.length) throw notFound();
  return {
    id: ctx.params[1],
    historyId: messages.at(-1).historyId,
    messages: messages.map((message) => gmailGet({ ...ctx, params: [ctx.params[0], message.id] })),
  };
}

// ---------------------------------------------------------------------------------------------
// Drive v3

/**
 * Drive's query language, the part apps use: `name contains 'x'`, `name = 'x'`, `fullText
 * contains 'x'`, `mimeType = | != | contains 'x'`, `trashed = false`, `starred = true`,
 * `modifiedTime > '2024-01-01T00:00:00'`, `'id' in parents`, with and, or, not and parentheses.
 * String literals escape a quote as \' and a backslash as \\. Returns a predicate on records.
 */
function parseDriveQuery(q) {
  const tokens = tokenizeDriveQuery(q);
  let i = 0;
  const peek = () => tokens[i];
  const isWord = (token, word) => token?.type === "word" && token.value.toLowerCase() === word;
  const take = () => {
    const token = tokens[i];
    if (!token) throw invalidValue("q");
    i += 1;
    return token;
  };
  const orExpr = () => {
    let left = andExpr();
    while (isWord(peek(), "or")) {
      i += 1;
      const a = left;
      const b = andExpr();
      left = (record) => a(record) || b(record);
    }
    return left;
  };
  const andExpr = () => {
    let left = unary();
    while (isWord(peek(), "and")) {
      i += 1;
      const a = left;
      const b = unary();
      left = (record) => a(record) && b(record);
    }
    return left;
  };
  const unary = () => {
    if (isWord(peek(), "not")) {
      i += 1;
      const inner = unary();
      return (record) => !inner(record);
    }
    if (peek()?.type === "(") {
      i += 1;
      const inner = orExpr();
      if (take().type !== ")") throw invalidValue("q");
      return inner;
    }
    return clause();
  };
  const clause = () => {
    const first = take();
    if (first.type === "string") {
      // 'value' in parents | owners | writers | readers
      if (!isWord(take(), "in")) throw invalidValue("q");
      return membership(first.value, take());
    }
    if (first.type !== "word") throw invalidValue("q");
    const operator = take();
    const op = operator.type === "op" ? operator.value : operator.value?.toLowerCase();
    return comparison(first.value, op, take());
  };
  const predicate = orExpr();
  if (i !== tokens.length) throw invalidValue("q");
  return predicate;
}

function tokenizeDriveQuery(q) {
  const tokens = [];
  let i = 0;
  while (i < q.length) {
    const rest = q.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    if (q[i] === "'") {
      let value = "";
      i += 1;
      for (;;) {
        if (i >= q.length) throw invalidValue("q"); // unterminated string
        if (q[i] === "\\") {
          if (q[i + 1] !== "'" && q[i + 1] !== "\\") throw invalidValue("q");
          value += q[i + 1];
          i += 2;
        } else if (q[i] === "'") {
          i += 1;
          break;
        } else {
          value += q[i];
          i += 1;
        }
      }
      tokens.push({ type: "string", value });
      continue;
    }
    if (q[i] === "(" || q[i] === ")") {
      tokens.push({ type: q[i] });
      i += 1;
      continue;
    }
    const match =
      /^(!=|<=|>=|=|<|>)/.exec(rest) ??
      /^[A-Za-z_][\w.]*/.exec(rest) ??
      /^-?\d+(\.\d+)?/.exec(rest);
    if (!match) throw invalidValue("q");
    const type = /^[!<>=]/.test(match[0]) ? "op" : /^[-\d]/.test(match[0]) ? "number" : "word";
    tokens.push({ type, value: match[0] });
    i += match[0].length;
  }
  return tokens;
}

function membership(value, field) {
  const name = field.type === "word" ? field.value : "";
  if (name === "parents")
    return ({ file, rootId }) => file.parents.includes(value === "root" ? rootId : value);
  if (["owners", "writers", "readers"].includes(name))
    return ({ file }) =>
      value === "me" || file.owners.some((owner) => owner.emailAddress === value);
  throw invalidValue("q");
}

const DRIVE_FIELDS = {
  name: { ops: ["contains", "=", "!="], type: "string" },
  fullText: { ops: ["contains"], type: "string" },
  mimeType: { ops: ["contains", "=", "!="], type: "string" },
  trashed: { ops: ["=", "!="], type: "boolean" },
  starred: { ops: ["=", "!="], type: "boolean" },
  sharedWithMe: { ops: ["=", "!="], type: "boolean" },
  modifiedTime: { ops: ["=", "!=", "<", "<=", ">", ">="], type: "date" },
  createdTime: { ops: ["=", "!=", "<", "<=", ">", ">="], type: "date" },
};

function comparison(field, op, literal) {
  const spec = DRIVE_FIELDS[field];
  if (!spec || !spec.ops.includes(op)) throw invalidValue("q");
  let value;
  if (spec.type === "boolean") {
    if (literal.type !== "word" || !/^(true|false)$/i.test(literal.value)) throw invalidValue("q");
    value = literal.value.toLowerCase() === "true";
  } else {
    if (literal.type !== "string") throw invalidValue("q");
    value = spec.type === "date" ? Date.parse(literal.value) : literal.value;
    if (Number.isNaN(value)) throw invalidValue("q");
  }
  const actual = ({ file, text }) => {
    if (field === "fullText") return text;
    if (field === "sharedWithMe") return false;
    if (spec.type === "date") return Date.parse(file[field]);
    return file[field];
  };
  const compare = {
    contains: (a, b) => a.toLowerCase().includes(b.toLowerCase()),
    "=": (a, b) => a === b,
    "!=": (a, b) => a !== b,
    "<": (a, b) => a < b,
    "<=": (a, b) => a <= b,
    ">": (a, b) => a > b,
    ">=": (a, b) => a >= b,
  }[op];
  return (record) => compare(actual(record), value);
}

/** `orderBy=folder,modifiedTime desc,name` → a comparator; unknown keys are a 400. */
function driveOrder(orderBy) {
  const keys = {
    modifiedTime: (file) => file.modifiedTime,
    modifiedByMeTime: (file) => file.modifiedTime,
    viewedByMeTime: (file) => file.modifiedTime,
    recency: (file) => file.modifiedTime,
    createdTime: (file) => file.createdTime,
    name: (file) => file.name.toLowerCase(),
    name_natural: (file) => file.name.toLowerCase(),
    folder: (file) => (file.mimeType === FOLDER ? 0 : 1),
    starred: (file) => (file.starred ? 0 : 1),
    quotaBytesUsed: (file) => Number(file.size ?? 0),
  };
  const parts = orderBy
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [key, direction = "asc", extra] = part.split(/\s+/);
      if (!keys[key] || !["asc", "desc"].includes(direction) || extra)
        throw invalidValue("orderBy");
      return { key: keys[key], sign: direction === "desc" ? -1 : 1 };
    });
  return (a, b) => {
    for (const { key, sign } of parts) {
      const x = key(a.file);
      const y = key(b.file);
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return 0;
  };
}

/** Files the token may see: drive.file only opens files the app made or was given (none here). */
function visibleFiles(ctx) {
  const broad = SCOPES.drive.any.filter((scope) => scope !== `${G}drive.file`);
  return broad.some((scope) => ctx.token.grant.scopes.includes(scope)) ? ctx.account.drive : [];
}

/** Without `fields`, Drive v3 answers only these of each file. */
const defaultFile = ({ kind, id, name, mimeType }) => ({ kind, id, name, mimeType });

function driveList(ctx) {
  const q = ctx.query.get("q");
  const predicate = q ? parseDriveQuery(q) : () => true;
  const order = driveOrder(ctx.query.get("orderBy") || "modifiedTime desc");
  const size = intParam(ctx.query, "pageSize", 100, 1000);
  const matching = visibleFiles(ctx).filter(predicate).sort(order);
  const { items, next } = paginate(matching, size, ctx.query.get("pageToken"));
  const files = items.map(({ file }) => file);
  return {
    ...(next && { nextPageToken: next }),
    kind: "drive#fileList",
    incompleteSearch: false,
    files: ctx.query.has("fields") ? files : files.map(defaultFile),
  };
}

function driveGet(ctx) {
  const fileId = ctx.params[0];
  const record = visibleFiles(ctx).find(({ file }) => file.id === fileId);
  if (!record)
    throw fail(404, `File not found: ${fileId}.`, {
      location: "fileId",
      locationType: "parameter",
    });
  return ctx.query.has("fields") ? record.file : defaultFile(record.file);
}

// ---------------------------------------------------------------------------------------------
// Calendar v3

const calendarNotFound = () => fail(404, "Not Found");

function findCalendar(ctx) {
  const id = ctx.params[0] === "primary" ? ctx.account.email : ctx.params[0];
  const calendar = ctx.account.calendars.get(id);
  if (!calendar) throw calendarNotFound();
  return calendar;
}

/** The calendar an event write (`write`: insert, update or delete) goes to, if the user may write. */
function writableCalendar(ctx, write) {
  const calendar = findCalendar(ctx);
  if (!["owner", "writer"].includes(calendar.entry.accessRole))
    throw fail(403, "You need to have writer access to this calendar.", {
      reason: "requiredAccessLevel",
    });
  const failure = ctx.state.writeFailures.get(calendar.entry.id);
  if (failure?.failing.has(write)) {
    if (failure.left === 0) throw fail(503, "Backend Error", { reason: "backendError" });
    failure.left -= 1;
  }
  return calendar;
}

function findEvent(calendar, id) {
  const event = calendar.events.get(id);
  if (!event) throw calendarNotFound();
  return event;
}

function calendarList(ctx) {
  const entries = [...ctx.account.calendars.values()].map(({ entry }) => entry);
  const showHidden = boolParam(ctx.query, "showHidden");
  const minRole = ctx.query.get("minAccessRole");
  const ranks = { freeBusyReader: 0, reader: 1, writer: 2, owner: 3 };
  if (minRole && !(minRole in ranks)) throw invalidValue("minAccessRole");
  const items = entries.filter(
    (entry) =>
      (showHidden || !entry.hidden) && (!minRole || ranks[entry.accessRole] >= ranks[minRole]),
  );
  const size = intParam(ctx.query, "maxResults", 100, 250);
  const page = paginate(items, size, ctx.query.get("pageToken"));
  return {
    kind: "calendar#calendarList",
    etag: `"p33k${hexId(ctx.account.email, 10)}"`,
    ...(page.next
      ? { nextPageToken: page.next }
      : { nextSyncToken: `CP${hexId(`${ctx.account.email}:sync`, 18)}` }),
    items: page.items,
  };
}

function calendarListEntry(ctx) {
  return findCalendar(ctx).entry;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** An event's [start, end) in ms; all-day dates are midnights in the calendar's zone. */
function eventSpan(event, zone) {
  const at = (time) => {
    if (time.dateTime) return Date.parse(time.dateTime);
    const [year, month, day] = time.date.split("-").map(Number);
    return zonedInstant({ year, month, day }, zone);
  };
  return { start: at(event.start), end: at(event.end) };
}

function eventsList(ctx) {
  const calendar = findCalendar(ctx);
  const zone = calendar.entry.timeZone;
  const bound = (name) => {
    const raw = ctx.query.get(name);
    if (raw === null) return null;
    if (!RFC3339.test(raw) || Number.isNaN(Date.parse(raw)))
      throw fail(400, "Bad Request", { reason: "badRequest" });
    return Date.parse(raw);
  };
  const timeMin = bound("timeMin");
  const timeMax = bound("timeMax");
  if (timeMin !== null && timeMax !== null && timeMax <= timeMin)
    throw fail(400, "The specified time range is empty.", { reason: "timeRangeEmpty" });
  const orderBy = ctx.query.get("orderBy");
  if (orderBy && !["startTime", "updated"].includes(orderBy)) throw invalidValue("orderBy");
  if (orderBy === "startTime" && !boolParam(ctx.query, "singleEvents"))
    throw fail(400, "The requested ordering is not available for the particular query.", {
      reason: "badRequest",
    });
  const size = intParam(ctx.query, "maxResults", 250, 2500);
  const words = (ctx.query.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const showDeleted = boolParam(ctx.query, "showDeleted");
  const matching = [...calendar.events.values()]
    .map((event) => ({ event, span: eventSpan(event, zone) }))
    .filter(({ event, span }) => {
      if (event.status === "cancelled" && !showDeleted) return false;
      if (timeMin !== null && span.end <= timeMin) return false;
      if (timeMax !== null && span.start >= timeMax) return false;
      const text = [event.summary, event.description, event.location].join(" ").toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) =>
      orderBy === "updated"
        ? a.event.updated.localeCompare(b.event.updated)
        : a.span.start - b.span.start || a.event.id.localeCompare(b.event.id),
    )
    .map(({ event }) => event);
  const { items, next } = paginate(matching, size, ctx.query.get("pageToken"));
  const { entry } = calendar;
  const updated = matching.reduce(
    (latest, event) => (event.updated > latest ? event.updated : latest),
    "1970-01-01T00:00:00.000Z",
  );
  return {
    kind: "calendar#events",
    etag: `"${Date.parse(updated) * 1000}"`,
    summary: entry.summary,
    ...(entry.description && { description: entry.description }),
    updated,
    timeZone: entry.timeZone,
    accessRole: entry.accessRole,
    defaultReminders: entry.defaultReminders,
    ...(next && { nextPageToken: next }),
    items,
  };
}

/** Validates and normalises `start`/`end` as Calendar does; `which` is "start" or "end". */
function eventTime(value, which, zone) {
  if (!isPlainObject(value) || (!value.date && !value.dateTime))
    throw fail(400, `Missing ${which} time.`, { reason: "required" });
  if (value.date && value.dateTime)
    throw fail(400, `Invalid ${which} time.`, { reason: "invalid" });
  if (value.date) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.date);
    if (!match || Number.isNaN(Date.parse(value.date)))
      throw fail(400, `Invalid ${which} time.`, { reason: "invalid" });
    return { date: value.date };
  }
  const match =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/i.exec(
      value.dateTime,
    );
  if (!match) throw fail(400, `Invalid ${which} time.`, { reason: "invalid" });
  const timeZone = value.timeZone ?? zone;
  try {
    zoneOffset(0, timeZone);
  } catch {
    throw fail(400, `Invalid time zone definition for ${which} time.`, { reason: "invalid" });
  }
  let ms;
  if (match[7]) ms = Date.parse(value.dateTime);
  else {
    if (!value.timeZone)
      throw fail(400, `Missing time zone definition for ${which} time.`, { reason: "required" });
    const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map(Number);
    ms = zonedInstant({ year, month, day, hour, minute, second }, timeZone);
  }
  if (Number.isNaN(ms)) throw fail(400, `Invalid ${which} time.`, { reason: "invalid" });
  return {
    dateTime: rfc3339InZone(ms, timeZone),
    ...(value.timeZone && { timeZone: value.timeZone }),
  };
}

/** Fields a client may not set: Calendar keeps its own. */
const READ_ONLY_EVENT_FIELDS = [
  "kind",
  "etag",
  "id",
  "htmlLink",
  "created",
  "updated",
  "creator",
  "organizer",
  "iCalUID",
  "sequence",
  "eventType",
];

let etagCounter = 0;
const nextEtag = () => `"${Date.now() * 1000 + (etagCounter++ % 1000)}"`;

/** Builds the stored event from client fields, validating as Google does. */
function writeEvent(ctx, calendar, fields, existing) {
  if (!isPlainObject(fields)) throw fail(400, "Bad Request", { reason: "badRequest" });
  const zone = calendar.entry.timeZone;
  const end = eventTime(fields.end, "end", zone);
  const start = eventTime(fields.start, "start", zone);
  if (Boolean(start.date) !== Boolean(end.date))
    throw fail(400, "Start and end times must either both be date or both be dateTime.", {
      reason: "invalid",
    });
  const span = eventSpan({ start, end }, zone);
  if (span.end < span.start || (start.date && span.end === span.start))
    throw fail(400, "The specified time range is empty.", { reason: "timeRangeEmpty" });
  const status = fields.status ?? "confirmed";
  if (!["confirmed", "tentative", "cancelled"].includes(status))
    throw fail(400, "Invalid Value", { reason: "invalid" });

  const id = existing?.id ?? newEventId(calendar, fields.id);
  const now = new Date().toISOString();
  const writable = Object.fromEntries(
    Object.entries(fields).filter(
      ([key]) => !READ_ONLY_EVENT_FIELDS.includes(key) && !["start", "end", "status"].includes(key),
    ),
  );
  const email = ctx.account.email;
  const moved =
    existing && JSON.stringify([existing.start, existing.end]) !== JSON.stringify([start, end]);
  return {
    kind: "calendar#event",
    etag: nextEtag(),
    id,
    status,
    htmlLink: htmlLink(id, calendar.entry.id),
    created: existing?.created ?? now,
    updated: now,
    ...writable,
    creator: existing?.creator ?? { email, self: true },
    organizer:
      existing?.organizer ??
      (calendar.entry.id === email
        ? { email, self: true }
        : { email: calendar.entry.id, displayName: calendar.entry.summary, self: true }),
    start,
    end,
    iCalUID: existing?.iCalUID ?? `${id}@google.com`,
    sequence: (existing?.sequence ?? 0) + (moved ? 1 : 0),
    reminders: fields.reminders ?? existing?.reminders ?? { useDefault: true },
    eventType: existing?.eventType ?? "default",
  };
}

/** A new event id, or the client's own if it is valid base32hex (5–1024 chars) and unused. */
function newEventId(calendar, requested) {
  if (requested === undefined) return eventId();
  if (typeof requested !== "string" || !/^[a-v0-9]{5,1024}$/.test(requested))
    throw fail(400, "Invalid resource id value.", { reason: "invalid" });
  if (calendar.events.has(requested))
    throw fail(409, "The requested identifier already exists.", { reason: "duplicate" });
  return requested;
}

function eventsInsert(ctx) {
  const calendar = writableCalendar(ctx, "insert");
  const event = writeEvent(ctx, calendar, ctx.body, null);
  calendar.events.set(event.id, event);
  return event;
}

function eventsGet(ctx) {
  return findEvent(findCalendar(ctx), ctx.params[1]);
}

function eventsUpdate(ctx) {
  const calendar = writableCalendar(ctx, "update");
  const existing = findEvent(calendar, ctx.params[1]);
  const event = writeEvent(ctx, calendar, ctx.body, existing);
  calendar.events.set(event.id, event);
  return event;
}

/** PATCH semantics: objects merge key by key, arrays and scalars replace, null deletes. */
function mergePatch(target, patch) {
  const out = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isPlainObject(value) && isPlainObject(out[key]))
      out[key] = mergePatch(out[key], value);
    else out[key] = value;
  }
  return out;
}

function eventsPatch(ctx) {
  const calendar = writableCalendar(ctx, "update");
  const existing = findEvent(calendar, ctx.params[1]);
  if (!isPlainObject(ctx.body)) throw fail(400, "Bad Request", { reason: "badRequest" });
  const patch = Object.fromEntries(
    Object.entries(ctx.body).filter(([key]) => !READ_ONLY_EVENT_FIELDS.includes(key)),
  );
  const event = writeEvent(ctx, calendar, mergePatch(existing, patch), existing);
  calendar.events.set(event.id, event);
  return event;
}

function eventsDelete(ctx) {
  const calendar = writableCalendar(ctx, "delete");
  const existing = findEvent(calendar, ctx.params[1]);
  // Calendar keeps a deleted event as "cancelled": it is gone from lists, and a second delete
  // answers 410.
  if (existing.status === "cancelled")
    throw fail(410, "Resource has been deleted", { reason: "deleted" });
  calendar.events.set(existing.id, {
    ...existing,
    status: "cancelled",
    etag: nextEtag(),
    updated: new Date().toISOString(),
  });
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// OpenID userinfo

function userinfo(ctx) {
  const { account, token } = ctx;
  const scopes = token.grant.scopes;
  const { given, family } = namesOf(account.email);
  const profile = scopes.includes(SHORT_SCOPES.profile);
  const email = scopes.includes(SHORT_SCOPES.email);
  const picture = `https://lh3.googleusercontent.com/a/${account.sub}=s96-c`;
  const name = [given, family].filter(Boolean).join(" ");
  if (ctx.params[0] === "2")
    return {
      id: account.sub,
      ...(email && { email: account.email, verified_email: true }),
      ...(profile && { name, given_name: given, ...(family && { family_name: family }), picture }),
    };
  return {
    sub: account.sub,
    ...(profile && { name, given_name: given, ...(family && { family_name: family }), picture }),
    ...(email && { email: account.email, email_verified: true }),
  };
}

// ---------------------------------------------------------------------------------------------
// Routing

const EVENT = /^\/calendar\/v3\/calendars\/([^/]+)\/events\/([^/]+)$/;
const EVENTS = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/;
const MESSAGE = /^\/gmail\/v1\/users\/([^/]+)\/messages\/([^/]+)$/;
/** [method, path pattern, scopes needed (any one), handler, success status] */
const API_ROUTES = [
  ["GET", /^\/gmail\/v1\/users\/([^/]+)\/profile$/, SCOPES.gmail, gmailProfile],
  ["GET", /^\/gmail\/v1\/users\/([^/]+)\/messages$/, SCOPES.gmail, gmailList],
  ["GET", MESSAGE, SCOPES.gmail, gmailGet],
  ["POST", /^\/gmail\/v1\/users\/([^/]+)\/messages\/send$/, SCOPES.gmailSend, gmailSend],
  ["GET", /^\/gmail\/v1\/users\/([^/]+)\/threads\/([^/]+)$/, SCOPES.gmail, gmailThread],
  [
    "GET",
    /^\/gmail\/v1\/users\/([^/]+)\/messages\/([^/]+)\/attachments\/([^/]+)$/,
    SCOPES.gmail,
    gmailAttachment,
  ],
  ["GET", /^\/drive\/v3\/files$/, SCOPES.drive, driveList],
  ["GET", /^\/drive\/v3\/files\/([^/]+)$/, SCOPES.drive, driveGet],
  ["GET", /^\/calendar\/v3\/users\/me\/calendarList$/, SCOPES.calendarList, calendarList],
  [
    "GET",
    /^\/calendar\/v3\/users\/me\/calendarList\/([^/]+)$/,
    SCOPES.calendarList,
    calendarListEntry,
  ],
  ["GET", EVENTS, SCOPES.eventsRead, eventsList],
  ["POST", EVENTS, SCOPES.eventsWrite, eventsInsert],
  ["GET", EVENT, SCOPES.eventsRead, eventsGet],
  ["PUT", EVENT, SCOPES.eventsWrite, eventsUpdate],
  ["PATCH", EVENT, SCOPES.eventsWrite, eventsPatch],
  ["DELETE", EVENT, SCOPES.eventsWrite, eventsDelete, 204],
  ["GET", /^\/oauth2\/v([23])\/userinfo$/, SCOPES.userinfo, userinfo],
];

function sendJson(response, status, body, headers = {}) {
  response.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", ...headers });
  response.end(JSON.stringify(body, null, 2)); // Google pretty-prints unless prettyPrint=false
}

/** The request body: JSON or a form, whatever the content type says (or looks like). */
function parseBody(raw, contentType = "") {
  if (!raw) return { body: null };
  const looksJson = /^\s*[[{]/.test(raw);
  if (contentType.includes("json") || (!contentType.includes("form") && looksJson)) {
    try {
      return { body: JSON.parse(raw) };
    } catch {
      return { body: raw, invalid: true };
    }
  }
  return { body: Object.fromEntries(new URLSearchParams(raw)) };
}

function queryObject(searchParams) {
  const out = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

function callApi(state, request, url, body) {
  const method = request.method ?? "GET";
  for (const [routeMethod, pattern, scopes, handler, status = 200] of API_ROUTES) {
    const match = pattern.exec(url.pathname);
    if (!match || routeMethod !== method) continue;
    let params;
    try {
      params = match.slice(1).map((part) => decodeURIComponent(part));
    } catch {
      throw fail(400, "Bad Request", { status: "INVALID_ARGUMENT" });
    }
    const token = authenticate(state, request, url.searchParams);
    if (!token)
      throw new GoogleError(401, UNAUTHENTICATED, {
        "WWW-Authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
    if (!scopes.any.some((scope) => token.grant.scopes.includes(scope)))
      throw insufficientScopes(scopes);
    const account = accountOf(state, token.grant.email);
    const result = handler({ state, account, token, params, query: url.searchParams, body });
    const fields = url.searchParams.get("fields");
    return {
      status,
      body: fields && result !== undefined ? selectFields(result, parseFields(fields)) : result,
    };
  }
  throw notFound();
}

/** The event writes `POST /__fake/calendar` can make fail. */
const CALENDAR_WRITES = ["insert", "update", "delete"];

/** The /__fake/* endpoints; `reset` replaces the whole state. */
function control(getState, reset, request, url, body) {
  const state = getState();
  const options = isPlainObject(body) ? body : {};
  const route = `${request.method} ${url.pathname}`;
  if (url.pathname === "/__fake/requests" && ["GET", "DELETE"].includes(request.method)) {
    if (request.method === "DELETE") {
      state.log = [];
      state.counters = { exchanges: 0, refreshes: 0, revocations: 0 };
    }
    return { requests: state.log, ...state.counters };
  }
  if (route === "POST /__fake/consent") {
    const { deny, grantOnly, email } = options;
    if (
      grantOnly !== undefined &&
      !(Array.isArray(grantOnly) && grantOnly.every((s) => typeof s === "string"))
    )
      throw new GoogleError(400, { error: "grantOnly must be a list of scopes" });
    if (email !== undefined && (typeof email !== "string" || !email.includes("@")))
      throw new GoogleError(400, { error: "email must be an e-mail address" });
    state.consent = {
      ...(deny && { deny: true }),
      ...(grantOnly && { grantOnly }),
      ...(email && { email }),
    };
    return { next: state.consent };
  }
  if (route === "POST /__fake/tokens") {
    const { expiresIn, revokeAll, expireAccessTokens } = options;
    if (expiresIn !== undefined) {
      if (!Number.isInteger(expiresIn) || expiresIn < 0)
        throw new GoogleError(400, { error: "expiresIn must be a whole number of seconds" });
      state.expiresIn = expiresIn;
    }
    let revoked = 0;
    let expired = 0;
    if (revokeAll)
      for (const grant of state.grants.filter((candidate) => !candidate.revoked)) {
        revokeGrant(state, grant);
        revoked += 1;
      }
    if (expireAccessTokens)
      for (const record of state.accessTokens.values())
        if (!record.expired) {
          record.expired = true;
          expired += 1;
        }
    return { expiresIn: state.expiresIn, revokedGrants: revoked, expiredAccessTokens: expired };
  }
  if (route === "POST /__fake/calendar") {
    const { calendarId, failWritesAfter, failing = CALENDAR_WRITES } = options;
    if (typeof calendarId !== "string" || !calendarId)
      throw new GoogleError(400, { error: "calendarId must name a calendar" });
    if (failWritesAfter !== null && !(Number.isInteger(failWritesAfter) && failWritesAfter >= 0))
      throw new GoogleError(400, { error: "failWritesAfter must be a whole number or null" });
    if (!(Array.isArray(failing) && failing.every((write) => CALENDAR_WRITES.includes(write))))
      throw new GoogleError(400, { error: `failing must list some of ${CALENDAR_WRITES}` });
    if (failWritesAfter === null) state.writeFailures.delete(calendarId);
    else state.writeFailures.set(calendarId, { left: failWritesAfter, failing: new Set(failing) });
    return { calendarId, failWritesAfter, failing };
  }
  if (route === "POST /__fake/gmail/reply") {
    const {
      email,
      threadId,
      from = "Seller <seller@example.com>",
      text = "Yes, call me.",
    } = options;
    if (typeof email !== "string" || typeof threadId !== "string")
      throw new GoogleError(400, { error: "email and threadId name the account and its thread" });
    const account = accountOf(state, email.toLowerCase());
    const last = account.messages.find((message) => message.threadId === threadId);
    if (!last) throw new GoogleError(404, { error: `No thread ${threadId} in ${email}` });
    const message = addToMailbox(account, {
      from,
      to: account.email,
      subject: last.subject.startsWith("Re: ") ? last.subject : `Re: ${last.subject}`,
      text,
      threadId,
      sent: false,
    });
    return { id: message.id, threadId };
  }
  if (route === "POST /__fake/reset") {
    reset();
    return {};
  }
  throw notFound();
}

/** Starts the fake on 127.0.0.1; `port` 0 picks a free one. */
export function startFakeGoogle({ port = 0 } = {}) {
  let state = freshState();
  const handle = (request, response, raw) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const { body, invalid } = parseBody(raw, request.headers["content-type"]);
    const method = request.method ?? "GET";
    try {
      if (url.pathname.startsWith("/__fake/")) {
        // Steering is always JSON, whatever the content type says (curl -d calls it a form).
        const { body: settings, invalid: bad } = parseBody(raw, "application/json");
        if (bad) throw new GoogleError(400, { error: "The body must be JSON" });
        const reset = () => (state = freshState());
        const answer = control(() => state, reset, request, url, settings);
        return sendJson(response, 200, answer);
      }
      state.log.push({
        method,
        path: url.pathname,
        query: queryObject(url.searchParams),
        authorization: /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? null,
        body,
        at: new Date().toISOString(),
      });
      if (url.pathname === "/o/oauth2/v2/auth" && method === "GET")
        return authorize(state, url.searchParams, response);
      if (url.pathname === "/token" && method === "POST") {
        if (invalid) throw tokenError(400, "invalid_request", "Invalid JSON payload received.");
        const answer = exchangeToken(state, request, body);
        return sendJson(response, 200, answer, {
          "Cache-Control": "no-cache, no-store, max-age=0, must-revalidate",
          Pragma: "no-cache",
        });
      }
      if (url.pathname === "/revoke" && ["POST", "GET"].includes(method))
        return sendJson(response, 200, revoke(state, url.searchParams, body));
      if (invalid)
        throw fail(400, "Invalid JSON payload received.", {
          reason: "parseError",
          status: "INVALID_ARGUMENT",
        });
      const { status, body: answer } = callApi(state, request, url, body);
      if (status === 204) {
        response.writeHead(204);
        return response.end();
      }
      return sendJson(response, status, answer);
    } catch (error) {
      if (error instanceof GoogleError)
        return sendJson(response, error.status, error.body, error.headers);
      console.error(error);
      return sendJson(
        response,
        500,
        googleError(500, "Internal error encountered.", { status: "INTERNAL" }),
      );
    }
  };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => handle(request, response, Buffer.concat(chunks).toString("utf8")));
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}` });
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // 8790 and 8791 are the fake OpenAI server's (development and browser tests).
  const { url } = await startFakeGoogle({ port: Number(process.argv[2] ?? 8792) });
  console.log(`Fake Google (OAuth, Gmail, Drive, Calendar) on ${url}. In .dev.vars:\n`);
  console.log(
    [
      "GOOGLE_CLIENT_ID=dev-client.apps.googleusercontent.com",
      "GOOGLE_CLIENT_SECRET=dev-secret",
      `GOOGLE_AUTH_URL=${url}/o/oauth2/v2/auth`,
      `GOOGLE_TOKEN_URL=${url}/token`,
      `GOOGLE_API_BASE_URL=${url}`,
    ].join("\n"),
  );
}
