/**
 * The notification preferences, a section of Connections: the time zone, the daily
 * brief's hour, quiet hours, each kind's channels, and the e-mails that could not be sent. They
 * come with the page (connections.server.ts) and are saved through its action.
 */
import { useActionData } from "@remix-run/react";
import { BellRing } from "lucide-react";
import { useState } from "react";
import { FieldError, FormMessage, SelectField, SubmitButton, TextField } from "~/components/form";
import { NotificationItem } from "~/components/notification-item";
import {
  channelField,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationSettings,
} from "~/domain/notifications";
import type { AppNotification, NotificationPreferences } from "~/lib/api/notifications";
import { resendConfirmation } from "~/lib/api/auth";
import { MESSAGES } from "~/lib/api/messages";
import { useAuth } from "~/lib/auth";
import { fieldErrorsOf, refusalOf, type Refused } from "~/lib/record-action";
import { useRecordAction } from "~/lib/use-record-action";
import type { ConnectionsActionAnswer } from "./connections.server";
import { useSectionFocus } from "./section-focus";

const CHANNEL_LABELS: Record<NotificationChannel, string> = { inApp: "In app", email: "E-mail" };
const HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, "0")}:00`);
const DEFAULT_QUIET_HOURS = { start: "22:00", end: "07:00" };

/** Every IANA zone the browser knows, with `current` (the browser's list leaves out "UTC"). */
function timeZoneOptions(current: string) {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add(current);
  zones.add("UTC");
  return [...zones].sort().map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}

interface Values {
  timeZone: string;
  /** "" when there is no brief. */
  briefHour: string;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  channels: NotificationSettings["channels"];
}

const valuesOf = (settings: NotificationPreferences): Values => ({
  timeZone: settings.timeZone,
  briefHour: settings.briefHour === null ? "" : String(settings.briefHour),
  quiet: settings.quietHours !== null,
  quietStart: settings.quietHours?.start ?? DEFAULT_QUIET_HOURS.start,
  quietEnd: settings.quietHours?.end ?? DEFAULT_QUIET_HOURS.end,
  channels: settings.channels,
});

/** A field's problem from the API's 400, by the field's path or the nearest enclosing one. */
function problemOf(errors: Record<string, string>, path: string) {
  for (let at = path; at; at = at.slice(0, Math.max(0, at.lastIndexOf(".")))) {
    if (errors[at]) return errors[at];
  }
  return undefined;
}

/**
 * The preferences as plain fields posted to the page's action (connections.server.ts reads them):
 * with JavaScript through a fetcher, the page staying as it is; without, the page itself.
 */
function PreferencesForm(props: { settings: NotificationPreferences }) {
  // Without JavaScript the page itself was posted: what was refused comes back with it.
  const posted = useActionData<Refused>();
  const [values, setValues] = useState(() => valuesOf(props.settings));
  const [saved, setSaved] = useState("");
  const [zones] = useState(() => timeZoneOptions(props.settings.timeZone));
  const save = useRecordAction<ConnectionsActionAnswer>("notification preferences", {
    onSaved: (answer) => {
      if (!("saved" in answer)) return;
      setValues(valuesOf(answer.saved));
      setSaved("Notification preferences saved.");
    },
  });
  const errors = { ...fieldErrorsOf(posted), ...save.fieldErrors };
  const refusal = save.refusal || refusalOf(posted);
  const failure = Object.keys(errors).length
    ? `${MESSAGES.saveNotificationSettings}: check the fields marked`
    : refusal && `${MESSAGES.saveNotificationSettings}: ${refusal}`;
  const change = (next: Partial<Values>) => {
    setSaved("");
    setValues((current) => ({ ...current, ...next }));
  };
  const field = (name: "timeZone" | "briefHour" | "quietStart" | "quietEnd", path: string) => ({
    id: `notifications-${name}`,
    name,
    value: values[name],
    onChange: (value: string) => change({ [name]: value }),
    error: problemOf(errors, path),
  });

  const channelsProblem = problemOf(errors, "channels");
  return (
    <form
      method="post"
      onSubmit={(event) => {
        setSaved("");
        save.onSubmit(event);
      }}
      noValidate
      className="space-y-5"
      aria-label="Notification preferences"
    >
      <input type="hidden" name="intent" value="save-preferences" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <SelectField {...field("timeZone", "timeZone")} label="Time zone" options={zones} />
          {!props.settings.zoneChosen && (
            <p className="mt-1 text-xs text-muted">
              Your browser&apos;s, until you choose one: the brief, quiet hours and
              &ldquo;today&rdquo; follow it.
            </p>
          )}
        </div>
        <SelectField
          {...field("briefHour", "briefHour")}
          label="Daily brief"
          options={[
            { value: "", label: "Off" },
            ...HOURS.map((label, hour) => ({ value: String(hour), label: `At ${label}` })),
          ]}
        />
      </div>
      {/* The times show while the box is ticked, by CSS, so that they do without JavaScript too. */}
      <fieldset className="group space-y-3">
        <legend className="mb-1.5 text-sm font-medium">Quiet hours</legend>
        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="quiet"
            checked={values.quiet}
            onChange={(event) => change({ quiet: event.target.checked })}
            className="size-4 accent-[var(--accent)]"
          />
          No e-mails during quiet hours (they wait until the quiet ends)
        </label>
        <div className="hidden gap-4 group-has-[:checked]:grid sm:grid-cols-2">
          <TextField {...field("quietStart", "quietHours.start")} label="From" type="time" />
          <TextField {...field("quietEnd", "quietHours.end")} label="To" type="time" />
        </div>
        {!values.quiet && (
          <FieldError id="notifications-quiet" error={problemOf(errors, "quietHours")} />
        )}
      </fieldset>
      <div className="overflow-x-auto">
        <table
          className="w-full text-sm"
          aria-describedby={channelsProblem ? "notifications-channels-error" : undefined}
        >
          <caption className="mb-2 text-left text-sm font-medium">
            What AI42 tells you, and where
          </caption>
          <thead>
            <tr className="border-b border-line text-left text-muted">
              <th scope="col" className="py-2 pr-4 font-medium">
                Notification
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-24 py-2 text-center font-medium">
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind} className="border-b border-line/60">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  {NOTIFICATION_KIND_LABELS[kind]}
                  <FieldError
                    id={`notifications-channels-${kind}`}
                    error={
                      errors[`channels.${kind}`] ??
                      errors[`channels.${kind}.inApp`] ??
                      errors[`channels.${kind}.email`]
                    }
                  />
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="py-2 text-center">
                    <input
                      type="checkbox"
                      name={channelField(kind, channel)}
                      aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
                      checked={values.channels[kind][channel]}
                      onChange={(event) =>
                        change({
                          channels: {
                            ...values.channels,
                            [kind]: { ...values.channels[kind], [channel]: event.target.checked },
                          },
                        })
                      }
                      className="size-4 accent-[var(--accent)]"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <FieldError id="notifications-channels" error={errors.channels} />
      </div>
      <FormMessage kind="error">{failure}</FormMessage>
      <FormMessage kind="success">{saved}</FormMessage>
      <div className="flex justify-end">
        <SubmitButton inline busy={save.busy} busyLabel="Saving...">
          Save preferences
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * Why nothing is e-mailed yet: the address is not confirmed. Until it is, a kind chosen by e-mail
 * shows in the app instead; the link can be sent again from here.
 */
function UnconfirmedEmail() {
  const { user } = useAuth();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState("");
  const [failure, setFailure] = useState("");

  async function sendAgain() {
    setSending(true);
    setSent("");
    setFailure("");
    const result = await resendConfirmation();
    setSending(false);
    if (result.error) setFailure(result.error.message);
    else setSent(result.data.message);
  }

  return (
    <section
      aria-labelledby="unconfirmed-email-heading"
      className="mb-5 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
    >
      <h3 id="unconfirmed-email-heading" className="font-semibold">
        Confirm your e-mail to get notifications by e-mail
      </h3>
      <p className="mt-1 text-muted">
        We sent a link to {user?.email ?? "your address"} when you signed up. Until you open it,
        AI42 e-mails you nothing: the notifications you chose by e-mail appear here in the app
        instead.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={sendAgain}
          disabled={sending}
          className="btn-primary whitespace-nowrap"
        >
          {sending ? "Sending..." : "Send the link again"}
        </button>
        <FormMessage kind="success">{sent}</FormMessage>
        <FormMessage kind="error">{failure}</FormMessage>
      </div>
    </section>
  );
}

/** The e-mails that could not be sent, each with what went wrong and Try again. */
function FailedEmails(props: { failed: AppNotification[] }) {
  return (
    <section aria-labelledby="failed-emails-heading" className="mt-8">
      <h3 id="failed-emails-heading" className="font-semibold">
        Couldn&apos;t send
      </h3>
      <div className="mt-2">
        {props.failed.length === 0 ? (
          <p className="text-sm text-muted">Every e-mail was sent.</p>
        ) : (
          <ul aria-label="E-mails not sent" className="space-y-1">
            {props.failed.map((item) => (
              <NotificationItem key={item.id} notification={item} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function NotificationsSection(props: {
  settings: NotificationPreferences;
  failed: AppNotification[];
}) {
  const heading = useSectionFocus("notifications");

  return (
    <section
      id="notifications"
      aria-labelledby="notifications-section-heading"
      className="scroll-mt-20 rounded-2xl border border-line bg-surface p-5 md:col-span-2"
    >
      <h2
        ref={heading}
        id="notifications-section-heading"
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold outline-none"
      >
        <BellRing aria-hidden className="size-5 text-accent" /> Notifications
      </h2>
      <p className="mt-2 mb-5 text-sm text-muted">
        Reminders of deposits, sales, follow-ups, closings and events, the daily brief, and when
        each may reach you.
      </p>
      {!props.settings.emailConfirmed && <UnconfirmedEmail />}
      <PreferencesForm settings={props.settings} />
      <FailedEmails failed={props.failed} />
    </section>
  );
}
