import { publicOrigin, type Env } from "./env";
import type { ConsentStep } from "./mcp/consent";
import type { Written } from "./errors";
import type { PageOrigin, PageServices } from "./page-services";
import type { SharedDealPage } from "./services/deal-shares";
import type { InvitationLink } from "./services/invitations";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil"> };
    /**
     * The services a page's loader reads through, scoped to the session's current workspace
     * (worker/page-services.ts).
     */
    services: (session: PageSession, from: PageOrigin) => Promise<PageServices>;
    /**
     * Whether the browser asked for the page itself (its HTML: the app starts) rather than a
     * client navigation's data (single fetch's `<path>.data`).
     */
    documentRequest: boolean;
    /** A shared analysis's page, open to anyone with the link (worker/services/deal-shares.ts). */
    sharedDeal: (token: string) => Promise<SharedDealPage>;
    /**
     * What an invitation's link invites to, open without signing in
     * (worker/services/invitations.ts); null when the link names none.
     */
    invitation: (token: string) => Promise<InvitationLink | null>;
    /**
     * An e-mail's unsubscribe link, open without signing in (worker/services/notifications.ts):
     * what it stops, and stopping it. Null when the link is not valid.
     */
    unsubscribeLink: (token: string, confirm: boolean) => Promise<UnsubscribeTarget | null>;
    /**
     * The login form posted without JavaScript (worker/services/sign-in.ts, as the API signs in):
     * the new session's cookie (`done`), or why not (the API's status and words).
     */
    signIn: (form: {
      email: string;
      password: string;
      remember: boolean;
    }) => Promise<Written<string>>;
    /**
     * Deleting the signed-in person's account from its page, confirmed with their password
     * (worker/services/account-deletion.ts, as the API does): the cookie that ends the session
     * (`done`), or why not.
     */
    deleteAccount: (session: PageSession, password: string) => Promise<Written<string>>;
    /**
     * An MCP client's OAuth authorization (worker/mcp/consent.ts), for the signed-in user's
     * consent page: the request checked and described, then the user's answer.
     */
    oauthConsent: {
      ask: () => Promise<ConsentStep>;
      /** The grant acts in the session's current workspace. */
      answer: (
        session: PageSession,
        form: { handle: string; decision: string; scope: string },
      ) => Promise<ConsentStep>;
    };
  }
}

/** Who asks for a page, and the workspace their session works in (none: their own). */
export interface PageSession {
  userId: string;
  workspaceId?: string;
}

/** The kind of e-mail an unsubscribe link stops, and its name in the preferences. */
export interface UnsubscribeTarget {
  kind: string;
  label: string;
}

export function loadContext(env: Env, ctx: Pick<ExecutionContext, "waitUntil">, request: Request) {
  const oauthOf = async () => {
    const { oauthApi } = await import("./mcp/oauth");
    return await oauthApi(env, publicOrigin(env, request));
  };
  return {
    cloudflare: { env, ctx },
    // Evaluated on the first page that reads data, as the API is on the first /api request: the
    // login screen and the isolate's start-up never pay for the services (worker/index.ts).
    services: async (session: PageSession, from: PageOrigin) => {
      const [
        { pageServices },
        { readTogether },
        { database },
        { currentWorkspace },
        { workspaceRecords },
      ] = await Promise.all([
        import("./page-services"),
        import("./d1-together"),
        import("./db/client"),
        import("./services/workspaces"),
        import("./workspace-database"),
      ]);
      const reading = request.method === "GET";
      const workspace = await currentWorkspace(
        database(reading ? readTogether(env.DB) : env.DB),
        session.userId,
        session.workspaceId,
      );
      // D1's or, once the workspace has moved, its object's; a form's changes to them wait out a
      // move's last seconds, refused as the form's own error (503).
      const { records, held } = await workspaceRecords(env, workspace.id);
      // A page's reads that start together go in one round trip; a form's writes, in order.
      const db = reading ? readTogether(records) : records;
      return pageServices(
        { ...env, DB: db },
        workspace,
        session.userId,
        from,
        (work) => ctx.waitUntil(work),
        held,
      );
    },
    // Remix v2's single fetch hands loaders a copy of the request whose URL has lost its `.data`
    // suffix (server-runtime's handleSingleFetchRequest reads `/home.data` as `/home`), and the
    // `_routes` it may add is not always there, so a loader cannot tell the two apart. The
    // request as the browser sent it can: a data request's path ends in `.data`.
    documentRequest: !new URL(request.url).pathname.endsWith(".data"),
    sharedDeal: async (token: string) =>
      (await import("./services/deal-shares")).openSharedDeal(env, request, token),
    oauthConsent: {
      ask: async () => {
        const [{ askConsent }, oauth] = await Promise.all([import("./mcp/consent"), oauthOf()]);
        return askConsent(oauth, request);
      },
      answer: async (
        session: PageSession,
        form: { handle: string; decision: string; scope: string },
      ) => {
        const [{ answerConsent }, oauth, { currentWorkspace }, { database }] = await Promise.all([
          import("./mcp/consent"),
          oauthOf(),
          import("./services/workspaces"),
          import("./db/client"),
        ]);
        const workspace = await currentWorkspace(
          database(env.DB),
          session.userId,
          session.workspaceId,
        );
        return answerConsent(
          oauth,
          request,
          { userId: session.userId, workspaceId: workspace.id },
          form,
        );
      },
    },
    invitation: async (token: string) => {
      const [{ describeInvitation }, { database }, { AppError }] = await Promise.all([
        import("./services/invitations"),
        import("./db/client"),
        import("./errors"),
      ]);
      try {
        return await describeInvitation(database(env.DB), token);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
    unsubscribeLink: async (token: string, confirm: boolean) => {
      const [{ describeUnsubscribe, unsubscribe }, { database }, { AppError }] = await Promise.all([
        import("./services/notifications"),
        import("./db/client"),
        import("./errors"),
      ]);
      try {
        const { kind, label } = confirm
          ? await unsubscribe(database(env.DB), env, token, Date.now())
          : await describeUnsubscribe(env, token);
        return { kind, label };
      } catch (error) {
        if (error instanceof AppError && error.status === 400) return null;
        throw error;
      }
    },
    signIn: async (form: { email: string; password: string; remember: boolean }) => {
      const [{ signIn }, { LoginSchema }, { validationError, written }] = await Promise.all([
        import("./services/sign-in"),
        import("../app/domain/account"),
        import("./errors"),
      ]);
      return written(async () => {
        const parsed = LoginSchema.safeParse(form);
        if (!parsed.success) throw validationError(parsed.error);
        return (await signIn(env, request, parsed.data)).cookie;
      });
    },
    deleteAccount: async (session: PageSession, password: string) => {
      const [{ deleteAccount }, { DeleteAccountSchema }, errors, { clientAddress }, sessions] =
        await Promise.all([
          import("./services/account-deletion"),
          import("../app/domain/account"),
          import("./errors"),
          import("./services/login-throttle"),
          import("./services/sessions"),
        ]);
      return errors.written(async () => {
        const parsed = DeleteAccountSchema.safeParse({ password });
        if (!parsed.success) throw errors.validationError(parsed.error);
        await deleteAccount(env, session.userId, parsed.data.password, {
          address: clientAddress(request),
          origin: publicOrigin(env, request),
        });
        return sessions.clearedSessionCookie;
      });
    },
  };
}
