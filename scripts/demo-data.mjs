// The demo account and sample portfolio that `npm start` and `npm run screenshots` seed.

export const DEMO_ACCOUNT = {
  email: "demo@ai42.app",
  password: "ai42-demo-investor",
  first_name: "Dana",
  last_name: "Demo",
};

/**
 * Signs the demo account up and in through the real API and gives it a small sample portfolio
 * (local development only); an account that already has properties is left as it is. Signing up
 * answers alike for a new and a taken address, so the portfolio tells which this is. Its address
 * is not confirmed: the confirmation link is printed in `npm start`'s output like every e-mail.
 */
export async function seedDemoAccount(origin) {
  const call = async (path, init) => {
    const response = await fetch(`${origin}/api${path}`, init);
    if (!response.ok)
      throw new Error(
        `Seeding the demo account failed: ${path} answered ${response.status} ${await response.text()}`,
      );
    return (await response.json()).data;
  };
  const json = (body) => ({
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  await call("/auth/register", json(DEMO_ACCOUNT));
  const { token } = await call("/auth/login", json(DEMO_ACCOUNT));
  const properties = await call("/data/properties?limit=1", {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (properties.length) return "exists";
  await seedSamplePortfolio(origin, token);
  return "created";
}

export async function seedSamplePortfolio(origin, token) {
  const call = async (path, body) => {
    const answer = await fetch(`${origin}/api${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!answer.ok)
      throw new Error(`Seeding ${path} failed: ${answer.status} ${await answer.text()}`);
    return (await answer.json()).data;
  };
  await call("/data/properties", [
    {
      address: "1418 Maple Street",
      latitude: 39.7781,
      longitude: -84.2196,
      city: "Dayton",
      state: "OH",
      zip: "45406",
      propertyType: "single_family",
      beds: 3,
      baths: 1.5,
      squareFeet: 1380,
      yearBuilt: 1954,
      listPrice: 118000,
      arv: 189000,
      rentEstimate: 1450,
      propertyTaxesAnnual: 1850,
      status: "under_contract",
      source: "MLS",
      externalId: "MLS-2214588",
    },
    {
      address: "227 Linden Avenue",
      latitude: 39.7553,
      longitude: -84.1622,
      city: "Dayton",
      state: "OH",
      zip: "45403",
      propertyType: "multi_family",
      beds: 4,
      baths: 2,
      squareFeet: 2100,
      yearBuilt: 1921,
      listPrice: 164900,
      arv: 232000,
      rentEstimate: 2300,
      propertyTaxesAnnual: 3100,
      status: "analyzing",
      source: "Wholesaler",
    },
    {
      address: "89 Cedar Court",
      latitude: 39.7352,
      longitude: -84.2064,
      city: "Kettering",
      state: "OH",
      zip: "45429",
      propertyType: "single_family",
      beds: 3,
      baths: 2,
      squareFeet: 1650,
      yearBuilt: 1972,
      listPrice: 205000,
      arv: 249000,
      rentEstimate: 1750,
      propertyTaxesAnnual: 3650,
      status: "new",
      source: "Zillow",
    },
    {
      address: "3302 Riverside Drive",
      latitude: 39.7917,
      longitude: -84.1833,
      city: "Dayton",
      state: "OH",
      zip: "45405",
      propertyType: "single_family",
      beds: 2,
      baths: 1,
      squareFeet: 980,
      yearBuilt: 1948,
      listPrice: 62000,
      arv: 115000,
      rentEstimate: 1050,
      propertyTaxesAnnual: 980,
      status: "researching",
      source: "Sheriff sale",
      externalId: "APN R72-0114-0032",
    },
  ]);
  const properties = (
    await (
      await fetch(`${origin}/api/data/properties?sort=address&dir=asc`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()
  ).data;
  const maple = properties.find((p) => p.address.startsWith("1418"));
  const flip = await call("/projects", {
    name: "1418 Maple St flip",
    type: "fix_and_flip",
    status: "under_contract",
    address: "1418 Maple Street",
    city: "Dayton",
    state: "OH",
    zip: "45406",
    budget: 42000,
    purchasePrice: 112500,
    targetCloseDate: "2027-01-15",
    description: "Cosmetic rehab: kitchen, flooring, roof patch. Exit at ~$189k.",
    propertyId: maple.id,
  });
  const duplex = await call("/projects", {
    name: "Linden Ave duplex (BRRRR)",
    type: "brrrr",
    status: "analyzing",
    address: "227 Linden Avenue",
    city: "Dayton",
    state: "OH",
    budget: 55000,
    description: "Two units, both need updates. Refinance at 75% of ARV.",
  });
  await call("/projects", {
    name: "Riverside wholesale",
    type: "wholesale",
    status: "prospecting",
    city: "Dayton",
    state: "OH",
  });
  const agent = await call("/contacts", {
    firstName: "Maria",
    lastName: "Lopez",
    company: "Gem City Realty",
    type: "agent",
    address: "40 N Main St, Dayton, OH 45402",
    email: "maria.lopez@example.com",
    phone: "(937) 555-0142",
    tags: ["Dayton", "investor-friendly"],
  });
  const lender = await call("/contacts", {
    firstName: "Derek",
    lastName: "Owens",
    company: "Buckeye Private Lending",
    type: "lender",
    email: "derek@example.com",
    tags: ["hard money"],
  });
  await call("/contacts", {
    firstName: "Tom",
    lastName: "Reyes",
    company: "Reyes Renovations",
    type: "contractor",
    phone: "(937) 555-0199",
  });
  await call(`/projects/${flip.id}/contacts`, { contactId: agent.id });
  await call(`/projects/${flip.id}/contacts`, { contactId: lender.id });
  await call("/data/entries", {
    title: "Maple St rehab scope",
    kind: "checklist",
    projectId: flip.id,
    tags: ["rehab"],
    content:
      "# Rehab scope\n\n- [x] Roof patch — $3,800\n- [ ] Kitchen cabinets and counters — $9,500\n- [ ] LVP flooring, 1,100 sq ft — $5,200\n- [ ] Paint interior — $3,000\n\n**Contingency:** 10%",
  });
  await call("/data/entries", {
    title: "Linden Ave offer notes",
    kind: "note",
    projectId: duplex.id,
    content:
      "Max offer at **70% rule**: 0.7 × $232,000 − $55,000 = **$107,400**.\n\nSeller motivated (estate sale).",
  });
  await seedDeals(call, properties, flip);
  await seedCalendar(call, { flip, duplex, maple, agent, lender });
  await seedAuctions(call, properties);
  await seedRoute(origin, token, properties);
  await seedMarketing(call);
}

/**
 * Marketing: two campaigns, a list of sellers spread over the funnel (one under contract with its
 * fee, a follow-up due today and one overdue), and a lead bot to rehearse.
 */
async function seedMarketing(call) {
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const mailer = await call("/marketing/campaigns", {
    name: "Dayton absentee owners mailer",
    channel: "direct_mail",
    status: "active",
    budget: 2500,
    spend: 1800,
    startOn: day(-30),
  });
  await call("/marketing/campaigns", {
    name: "Probate cold calls",
    channel: "cold_call",
    status: "planned",
    budget: 600,
  });
  await call("/marketing/leads/import", {
    campaignId: mailer.id,
    rows: [
      {
        firstName: "Gloria",
        lastName: "Banks",
        phone: "(937) 555-0110",
        address: "88 Wayne Ave, Dayton, OH",
        status: "under_contract",
        dealValue: 12500,
        score: 90,
        consentCall: true,
        source: "Direct mail",
      },
      {
        firstName: "Henry",
        lastName: "Cole",
        phone: "(937) 555-0111",
        address: "402 Huffman Ave, Dayton, OH",
        status: "appointment",
        followUpOn: day(0),
        score: 75,
        consentSms: true,
        consentCall: true,
        source: "Direct mail",
      },
      {
        firstName: "Irene",
        lastName: "Diaz",
        email: "irene.diaz@example.com",
        address: "19 Xenia Ave, Dayton, OH",
        status: "qualified",
        followUpOn: day(-2),
        score: 60,
        consentEmail: true,
        source: "Direct mail",
      },
      {
        firstName: "Jack",
        lastName: "Evans",
        phone: "(937) 555-0113",
        status: "contacted",
        followUpOn: day(3),
        score: 40,
        source: "Direct mail",
      },
      { firstName: "Karen", lastName: "Fox", phone: "(937) 555-0114", status: "new" },
      { firstName: "Leo", lastName: "Grant", phone: "(937) 555-0115", status: "new" },
      {
        firstName: "Mona",
        lastName: "Hill",
        phone: "(937) 555-0116",
        status: "dead",
        notes: "Listed with an agent.",
      },
    ],
  });
  await call("/marketing/bots", {
    name: "Sam from Dana's team",
    persona: "Friendly and brief, from Dayton, never pushy; speaks plainly.",
    greeting: "Hi, this is Sam with Dana Demo. Thanks for reaching out about your property!",
    questions: [
      { text: "Who am I speaking with?", field: "name" },
      { text: "What's the address of the property?", field: "address" },
      { text: "How soon would you like to sell?", field: "none" },
      { text: "What's the best number to reach you?", field: "phone" },
    ],
    handOff:
      "If they want to sell within 90 days, say Dana will call within the hour; otherwise offer to check back next month.",
  });
}

/** This machine's UTC offset ("-05:00"): the browser beside it reads 9:00 as 9:00. */
function localOffset() {
  const minutes = -new Date().getTimezoneOffset();
  const pad = (n) => String(Math.floor(Math.abs(n))).padStart(2, "0");
  return `${minutes < 0 ? "-" : "+"}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

/**
 * A home to start from, and tomorrow's drive-bys of the four Dayton properties in the order they
 * were listed: Optimise on the Route Planner shows the saving at once.
 */
async function seedRoute(origin, token, properties) {
  const home = { label: "Home", address: "100 E 3rd St, Dayton, OH", lat: 39.7597, lng: -84.1884 };
  await fetch(`${origin}/api/routes/places`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ home, office: null }),
  });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const stops = properties
    .filter((property) => property.latitude !== null)
    .map((property, index) => ({
      id: `stop-${index + 1}`,
      label: property.address,
      address: `${property.address}, ${property.city}, ${property.state}`,
      lat: property.latitude,
      lng: property.longitude,
      serviceMinutes: 15,
      source: "property",
      sourceId: property.id,
    }));
  const answer = await fetch(`${origin}/api/routes`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: "Dayton drive-bys",
      date: tomorrow,
      departAt: `${tomorrow}T09:00:00${localOffset()}`,
      start: home,
      returnToStart: true,
      stops,
    }),
  });
  if (!answer.ok)
    throw new Error(`Seeding /routes failed: ${answer.status} ${await answer.text()}`);
  // And today's: two of them this afternoon, for the dashboard's Today.
  const today = new Date().toISOString().slice(0, 10);
  const todays = await fetch(`${origin}/api/routes`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: "This afternoon's look-sees",
      date: today,
      departAt: `${today}T13:00:00${localOffset()}`,
      start: home,
      returnToStart: true,
      stops: stops.slice(0, 2),
    }),
  });
  if (!todays.ok)
    throw new Error(`Seeding /routes failed: ${todays.status} ${await todays.text()}`);
}

/**
 * Three sales being watched, on the Auctions calendar: a sheriff sale of the Riverside property
 * in three days (its deposit due that afternoon), a tax sale postponed once, a trustee sale in
 * Phoenix (another time zone).
 */
async function seedAuctions(call, properties) {
  const riverside = properties.find((p) => p.address.startsWith("3302"));
  const at = (days, utcHour) => {
    const date = new Date(Date.now() + days * 86_400_000);
    date.setUTCHours(utcHour, 0, 0, 0);
    return date.toISOString();
  };
  await call("/auctions", {
    saleType: "sheriff",
    saleAt: at(3, 14),
    timeZone: "America/New_York",
    address: riverside.address,
    city: riverside.city,
    county: "Montgomery",
    state: "OH",
    zip: riverside.zip,
    caseNumber: "2026 CV 04417",
    venue: "Montgomery County Courthouse, 41 N Perry St",
    propertyId: riverside.id,
    openingBid: 64000,
    depositPct: 10,
    plannedBid: 92000,
    depositDueAt: at(3, 21),
    balanceDueDays: 30,
    bidInputs: {
      estimatedValue: 165000,
      rehabCost: 28000,
      closingCosts: 3500,
      holdingCosts: 2500,
      sellingCostsPct: 7,
      targetProfitPct: 15,
    },
  });
  await call("/auctions", {
    saleType: "tax",
    saleAt: at(6, 15),
    address: "514 Huffman Avenue",
    city: "Dayton",
    county: "Montgomery",
    state: "OH",
    apn: "R72 10509 0031",
    venue: "Online",
    onlineUrl: "https://example.com/montgomery-tax-sale",
    openingBid: 8900,
    depositAmount: 1000,
    status: "postponed",
    postponedTo: at(20, 15),
  });
  await call("/auctions", {
    saleType: "trustee",
    saleAt: at(9, 17),
    timeZone: "America/Phoenix",
    address: "2210 W Palm Lane",
    city: "Phoenix",
    county: "Maricopa",
    state: "AZ",
    caseNumber: "TS-AZ-25-118",
    venue: "Maricopa County Courthouse, 201 W Jefferson St",
    openingBid: 236500,
    buyerPremiumPct: 0,
  });
}

/** An analysis of three of the properties: the Maple flip, the Linden BRRRR, a Cedar rental. */
async function seedDeals(call, properties, flip) {
  const idOf = (start) => properties.find((p) => p.address.startsWith(start)).id;
  await call("/deals", {
    name: "Maple St flip, hard money",
    strategy: "flip",
    propertyId: idOf("1418"),
    projectId: flip.id,
    primary: true,
    inputs: {
      purchasePrice: 112500,
      closingCosts: 3200,
      rehabCost: 21500,
      afterRepairValue: 189000,
      financing: {
        type: "loan",
        downPaymentPct: 10,
        interestRatePct: 11,
        termYears: 1,
        pointsPct: 2,
        interestOnly: true,
        rehabFinancedPct: 100,
      },
      holdingMonths: 5,
      holdingCostsMonthly: 420,
      sellingCostsPct: 7,
    },
  });
  await call("/deals", {
    name: "Linden Ave duplex BRRRR",
    strategy: "brrrr",
    propertyId: idOf("227"),
    inputs: {
      purchasePrice: 118000,
      closingCosts: 4000,
      rehabCost: 55000,
      afterRepairValue: 232000,
      financing: {
        type: "loan",
        downPaymentPct: 15,
        interestRatePct: 11,
        termYears: 1,
        interestOnly: true,
        rehabFinancedPct: 100,
      },
      grossMonthlyRent: 2300,
      vacancyPct: 6,
      propertyTaxesAnnual: 3100,
      insuranceAnnual: 1400,
      managementPct: 8,
      maintenancePct: 6,
      capexPct: 6,
      refinance: { ltvPct: 75, interestRatePct: 7.25, termYears: 30, closingCosts: 4500 },
      holdYears: 10,
      appreciationPct: 3,
      rentGrowthPct: 2.5,
      expenseGrowthPct: 2.5,
      sellingCostsPct: 6,
    },
  });
  await call("/deals", {
    name: "Cedar Ct as a long-term rental",
    strategy: "rental",
    propertyId: idOf("89"),
    inputs: {
      purchasePrice: 205000,
      closingCosts: 4500,
      financing: { type: "loan", downPaymentPct: 25, interestRatePct: 7.1, termYears: 30 },
      grossMonthlyRent: 1750,
      vacancyPct: 5,
      propertyTaxesAnnual: 3650,
      insuranceAnnual: 1250,
      managementPct: 8,
      maintenancePct: 5,
      capexPct: 5,
      holdYears: 7,
      appreciationPct: 3,
      rentGrowthPct: 2,
      expenseGrowthPct: 2,
      sellingCostsPct: 6,
    },
  });
}

/** A week of an investor's calendar from today: showings, an auction, a lender call, a task. */
async function seedCalendar(call, { flip, duplex, maple, agent, lender }) {
  const day = (offset) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  };
  // Local times written with the offset of the machine that seeds them.
  const at = (offset, hour, minutes = 0) => {
    const date = new Date(`${day(offset)}T00:00:00`);
    date.setHours(hour, minutes);
    return { dateTime: date.toISOString() };
  };
  const events = [
    {
      summary: "Call the Riverside seller back",
      kind: "meeting",
      start: at(0, 16),
      end: at(0, 16, 30),
      projectId: duplex.id,
    },
    {
      summary: "Walk-through at 1418 Maple St",
      kind: "showing",
      start: at(1, 10),
      end: at(1, 11),
      location: "1418 Maple Street, Dayton, OH",
      projectId: flip.id,
      propertyId: maple.id,
      contactId: agent.id,
    },
    {
      summary: "Call Derek about the draw schedule",
      kind: "meeting",
      start: at(2, 14),
      end: at(2, 14, 30),
      projectId: flip.id,
      contactId: lender.id,
    },
    {
      summary: "Linden Ave: order the appraisal",
      kind: "task",
      start: { date: day(4) },
      end: { date: day(5) },
      projectId: duplex.id,
    },
    {
      summary: "Showing: 227 Linden Avenue",
      kind: "showing",
      start: at(5, 16),
      end: at(5, 17),
      location: "227 Linden Avenue, Dayton, OH",
      projectId: duplex.id,
    },
  ];
  for (const event of events) await call("/calendar/events", event);
}
