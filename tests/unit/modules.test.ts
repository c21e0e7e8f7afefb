import { describe, expect, it } from "vitest";
import {
  activeModuleId,
  analysisPath,
  campaignPath,
  childModules,
  comparePath,
  contactPath,
  conversationPath,
  documentPath,
  leadPath,
  modulePath,
  projectPath,
  propertyPath,
  moduleForPath,
  researchPath,
  visibleModules,
  visitRoutePath,
  type ModuleDefinition,
} from "~/domain/modules";
import { MODULES, SIDEBAR_MODULES } from "~/modules";

describe("the module registry (spec §3)", () => {
  it("holds the spec's ids, titles and orders", () => {
    expect(MODULES.map((m) => [m.id, m.title, m.order])).toEqual([
      ["home", "Dashboard", 1],
      ["main-agent", "Main Agent", 2],
      ["property-research", "Property Research", 3],
      ["possible-investments", "Possible Investments", 4],
      ["route-planner", "Route Planner (Maps)", 5],
      ["auction", "Auctions", 6],
      ["project-hub", "Project Hub", 8],
      ["connections", "Connections", 9],
      ["marketing", "Marketing", 10],
      ["calendar", "Calendar", 11],
      ["emails", "Emails", 12],
      ["resources", "Resources", 13],
    ]);
    const emails = MODULES.find((m) => m.id === "emails")!;
    expect([emails.isEnabled, emails.isVisible]).toEqual([false, false]);
  });

  it("shows 11 modules in the sidebar, Emails left out", () => {
    expect(SIDEBAR_MODULES).toHaveLength(11);
    expect(SIDEBAR_MODULES.map((m) => m.id)).not.toContain("emails");
  });

  it("describes every module, with words the palette can find it by", () => {
    for (const module of MODULES) {
      expect(module.section, module.id).toBe("main");
      expect(module.description, module.id).not.toBe("");
      expect(module.keywords.length, module.id).toBeGreaterThan(0);
    }
  });

  it("gives every module its own path segment, aliases included", () => {
    const segments = MODULES.flatMap((m) => [m.id, ...(m.aliases ?? [])]);
    expect(new Set(segments).size).toBe(segments.length);
  });
});

const make = (
  id: string,
  order: number,
  extra: Partial<ModuleDefinition> = {},
): ModuleDefinition => ({
  id,
  title: id,
  description: id,
  section: "main",
  isEnabled: true,
  isVisible: true,
  order,
  ...extra,
});

describe("visibleModules", () => {
  it("keeps enabled, visible, parentless main-section modules sorted by order", () => {
    const modules = [
      make("c", 3),
      make("a", 1),
      make("hidden", 2, { isVisible: false }),
      make("off", 4, { isEnabled: false }),
      make("child", 5, { parent: "a" }),
      make("b", 2),
    ];
    expect(visibleModules(modules).map((m) => m.id)).toEqual(["a", "b", "c"]);
    expect(childModules(modules, "a").map((m) => m.id)).toEqual(["child"]);
  });
});

describe("active module (spec §2: unknown paths highlight nothing)", () => {
  it("is the module the path names, and none for any other path", () => {
    expect(activeModuleId(MODULES, "/auction")).toBe("auction");
    expect(activeModuleId(MODULES, "/project-hub/anything/deeper")).toBeNull();
    expect(activeModuleId(MODULES, "/nothing-here")).toBeNull();
    expect(activeModuleId(MODULES, "/")).toBeNull();
    expect(activeModuleId(MODULES, "/emails")).toBeNull();
  });

  it("is the module whose record a path opens, for modules whose records have paths", () => {
    expect(activeModuleId(MODULES, "/possible-investments/p1")).toBe("possible-investments");
    expect(activeModuleId(MODULES, "/possible-investments/p1/analyses/d1")).toBe(
      "possible-investments",
    );
    expect(activeModuleId(MODULES, "/possible-investments/analyses/d1")).toBe(
      "possible-investments",
    );
    expect(activeModuleId(MODULES, "/possible-investments/p1/deeper")).toBeNull();
    expect(moduleForPath(MODULES, "/possible-investments/p1")).toBeNull();
    for (const path of ["/auction/a1", "/auction/new", "/auction/sale-types"])
      expect(activeModuleId(MODULES, path), path).toBe("auction");
    expect(activeModuleId(MODULES, "/auction/a1/deeper")).toBeNull();
  });

  it("opens the Main Agent at /assistant and /main-agent", () => {
    expect(moduleForPath(MODULES, "/assistant")?.id).toBe("main-agent");
    expect(moduleForPath(MODULES, "/main-agent")?.id).toBe("main-agent");
    expect(moduleForPath(MODULES, "/unknown")).toBeNull();
  });

  it("opens nothing at a deeper path: modules keep their state in the query", () => {
    expect(moduleForPath(MODULES, "/project-hub/")?.id).toBe("project-hub");
    expect(moduleForPath(MODULES, "/home/nope")).toBeNull();
    expect(moduleForPath(MODULES, "/project-hub/x/y")).toBeNull();
  });
});

describe("modulePath", () => {
  it("builds the path that opens each enabled module", () => {
    for (const module of MODULES.filter((m) => m.isEnabled)) {
      expect(moduleForPath(MODULES, modulePath(module.id))?.id).toBe(module.id);
    }
  });

  it("adds the parameters given, in order, encoded, and leaves out the empty ones", () => {
    expect(modulePath("home")).toBe("/home");
    expect(modulePath("project-hub", { tab: "contacts", new: "1" })).toBe(
      "/project-hub?tab=contacts&new=1",
    );
    expect(modulePath("project-hub", { tab: "documents", q: "a b&c" })).toBe(
      "/project-hub?tab=documents&q=a+b%26c",
    );
    expect(modulePath("project-hub", { tab: undefined })).toBe("/project-hub");
  });
});

describe("Possible Investments' record paths", () => {
  it("puts a property, its analyses and Compare at paths of their own", () => {
    expect(propertyPath("p1")).toBe("/possible-investments/p1");
    expect(propertyPath("new")).toBe("/possible-investments/new");
    expect(analysisPath({ id: "d1", propertyId: "p1" })).toBe(
      "/possible-investments/p1/analyses/d1",
    );
    expect(analysisPath({ id: "d1", propertyId: null })).toBe("/possible-investments/analyses/d1");
    expect(analysisPath({ id: "new" }, { strategy: "flip", term: "cap-rate" })).toBe(
      "/possible-investments/analyses/new?strategy=flip&term=cap-rate",
    );
    expect(comparePath(["d1", "d2"], "p1")).toBe(
      "/possible-investments/compare?ids=d1%2Cd2&property=p1",
    );
    expect(comparePath(["d1", "d2"])).toBe("/possible-investments/compare?ids=d1%2Cd2");
  });

  it("keeps an id that is not a plain segment inside its segment", () => {
    expect(propertyPath("a/b?c")).toBe("/possible-investments/a%2Fb%3Fc");
  });
});

describe("Project Hub's record paths", () => {
  it("puts a project, a contact and a document at paths of their own", () => {
    expect(projectPath("p1")).toBe("/project-hub/projects/p1");
    expect(projectPath("new")).toBe("/project-hub/projects/new");
    expect(contactPath("c/1")).toBe("/project-hub/contacts/c%2F1");
    expect(documentPath("d1")).toBe("/project-hub/documents/d1");
    expect(documentPath("new", { project: "p 1" })).toBe("/project-hub/documents/new?project=p+1");
  });

  it("makes Project Hub the active module on each of them", () => {
    for (const path of [projectPath("p1"), contactPath("c1"), documentPath("new")])
      expect(activeModuleId(MODULES, path), path).toBe("project-hub");
  });
});

describe("Marketing's record paths", () => {
  it("puts a lead (with the list it was opened from) and a campaign at paths of their own", () => {
    expect(leadPath("l/1")).toBe("/marketing/leads/l%2F1");
    expect(leadPath("new")).toBe("/marketing/leads/new");
    expect(leadPath("l1", { back: "/marketing?status=new" })).toBe(
      "/marketing/leads/l1?back=%2Fmarketing%3Fstatus%3Dnew",
    );
    expect(campaignPath("c1")).toBe("/marketing/campaigns/c1");
  });

  it("makes Marketing the active module on each of them, and no deeper path", () => {
    for (const path of [leadPath("l1"), leadPath("new"), campaignPath("c1")])
      expect(activeModuleId(MODULES, path), path).toBe("marketing");
    expect(activeModuleId(MODULES, "/marketing/leads")).toBeNull();
    expect(activeModuleId(MODULES, "/marketing/leads/l1/more")).toBeNull();
  });
});

describe("a research report's path", () => {
  it("is the report's own page, where Property Research is the active module", () => {
    expect(researchPath("r/1")).toBe("/property-research/r%2F1");
    expect(activeModuleId(MODULES, researchPath("r1"))).toBe("property-research");
    expect(activeModuleId(MODULES, "/property-research/r1/deeper")).toBeNull();
  });
});

describe("a saved conversation's path", () => {
  it("opens it in the Main Agent, keeping the list's search", () => {
    expect(conversationPath("c/1")).toBe("/main-agent/c%2F1");
    expect(conversationPath("c1", { q: "cap rate" })).toBe("/main-agent/c1?q=cap+rate");
    expect(activeModuleId(MODULES, conversationPath("c1"))).toBe("main-agent");
    expect(activeModuleId(MODULES, "/main-agent/c1/deeper")).toBeNull();
    expect(activeModuleId(MODULES, "/assistant/c1")).toBeNull();
  });
});

describe("a route's path in the planner", () => {
  it("is the route's own page (or the new route's), where Route Planner is the active module", () => {
    expect(visitRoutePath("r/1")).toBe("/route-planner/r%2F1");
    expect(visitRoutePath("new", { tab: "map" })).toBe("/route-planner/new?tab=map");
    expect(activeModuleId(MODULES, visitRoutePath("r1"))).toBe("route-planner");
    expect(activeModuleId(MODULES, "/route-planner/r1/deeper")).toBeNull();
  });
});
