import { startEmailServer } from "../fakes/email-server";

export default async function setup() {
  const { server } = await startEmailServer(Number(process.env.FAKE_EMAIL_PORT));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
