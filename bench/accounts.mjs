// A benchmark's accounts made as a user makes one: signing up (which does not sign in), then
// signing in, which answers the session as a bearer token and a cookie.

export const BENCH_PASSWORD = "benchmark password";

/** A new account: its e-mail, its bearer token and its session cookie (name=value). */
export async function signUpAndIn(origin, { email, firstName = "Bench", lastName = "Mark" }) {
  const post = (path, body) =>
    fetch(`${origin}/api/auth/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const registered = await post("register", {
    email,
    password: BENCH_PASSWORD,
    first_name: firstName,
    last_name: lastName,
  });
  if (!registered.ok) throw new Error(`Signing up ${email} answered ${registered.status}`);
  const signedIn = await post("login", { email, password: BENCH_PASSWORD });
  if (!signedIn.ok) throw new Error(`Signing in ${email} answered ${signedIn.status}`);
  const { token } = (await signedIn.json()).data;
  return { email, token, cookie: (signedIn.headers.get("Set-Cookie") ?? "").split(";")[0] };
}

/**
 * The id of one of the account's properties, given a saved rental analysis so that its page reads
 * and renders one (the page the request rates open).
 */
export async function analysedProperty(origin, account) {
  const headers = { "Content-Type": "application/json", ...account.authorization };
  const listed = await fetch(`${origin}/api/data/properties?limit=1`, { headers });
  const [property] = (await listed.json()).data;
  if (!property) throw new Error("The bench account has no property to open");
  const saved = await fetch(`${origin}/api/deals`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "Bench rental",
      strategy: "rental",
      propertyId: property.id,
      inputs: {
        purchasePrice: 185000,
        grossMonthlyRent: 1650,
        propertyTaxesAnnual: 2400,
        financing: { type: "loan", downPaymentPct: 20, interestRatePct: 7, termYears: 30 },
      },
    }),
  });
  if (!saved.ok) throw new Error(`Saving the bench analysis answered ${saved.status}`);
  return property.id;
}

/**
 * The id of a project of the account's on `propertyId`, with a contact linked to it and a
 * document in it (the project page the request rates open).
 */
export async function linkedProject(origin, account, propertyId) {
  const headers = { "Content-Type": "application/json", ...account.authorization };
  const create = async (path, body) => {
    const response = await fetch(`${origin}/api${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}`);
    return (await response.json()).data.id;
  };
  const projectId = await create("/projects", { name: "Bench flip", budget: 45000, propertyId });
  const contactId = await create("/contacts", { firstName: "Bench", lastName: "Lender" });
  const linked = await fetch(`${origin}/api/projects/${projectId}/contacts`, {
    method: "POST",
    headers,
    body: JSON.stringify({ contactId }),
  });
  if (!linked.ok) throw new Error(`Linking the bench contact answered ${linked.status}`);
  await create("/data/entries", { title: "Bench offer notes", content: "Max bid", projectId });
  return projectId;
}
