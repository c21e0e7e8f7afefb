import { startEmailServer } from "../fakes/email-server.mjs";
import { startFakeGoogle } from "../fakes/google-server.mjs";
import { startFakeMaps } from "../fakes/maps-server.mjs";
import { startFakeOpenAI } from "../fakes/openai-server.mjs";

export default async function setup() {
  const email = await startEmailServer(Number(process.env.FAKE_EMAIL_PORT));
  const openai = await startFakeOpenAI({ port: Number(process.env.FAKE_OPENAI_PORT), paceMs: 25 });
  const google = await startFakeGoogle({ port: Number(process.env.FAKE_GOOGLE_PORT) });
  const maps = await startFakeMaps({ port: Number(process.env.FAKE_MAPS_PORT) });
  // The fake holds "hang" requests open on purpose: drop them so shutdown does not wait.
  const close = (server: typeof email.server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return () => Promise.all([email.server, openai.server, google.server, maps.server].map(close));
}
