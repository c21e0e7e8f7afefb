/**
 * Export Data's .zip in a browser: a workspace with a file on a project exported as a .zip,
 * imported into another account (where the project gets an id of its own) with the file back on the
 * project; imported again, nothing is stored twice. A .zip that unpacks past its bound is refused
 * by the name of the entry.
 */
import type { Page } from "@playwright/test";
import { strToU8, zipSync } from "fflate";
import { projectPath } from "../../app/domain/modules";
import { expect, newUser, openApp, registerThroughApi, test } from "./fixtures";

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

async function command(page: Page, words: string) {
  await page.keyboard.press("Control+k");
  await page.getByPlaceholder("Search commands...").fill(words);
  await page.keyboard.press("Enter");
}

test("exports a workspace with its files as a .zip and restores it in another account", async ({
  page,
  browser,
  account,
}) => {
  const projectId = (
    await (await account.post("/projects", { name: "Maple fourplex", status: "rehab" })).json()
  ).data.id as string;
  await openApp(page, "/home");
  // A photo, as a browser's camera or canvas writes one.
  const photo = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(640, 480);
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#1d4ed8";
    context.fillRect(0, 0, 640, 480);
    const blob = await canvas.convertToBlob({ type: "image/jpeg" });
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  for (const file of [
    { name: "rent-roll.csv", mimeType: "text/csv", buffer: Buffer.from("Unit,Rent\nA,1200\n") },
    { name: "front.jpg", mimeType: "image/jpeg", buffer: Buffer.from(photo) },
  ]) {
    const uploaded = await page.request.post("/api/files", {
      headers: { Authorization: `Bearer ${account.token}` },
      multipart: { ownerType: "project", ownerId: projectId, file },
    });
    expect(uploaded.status()).toBe(201);
  }

  await command(page, "export data");
  const exporter = dialog(page, "Export");
  const downloading = page.waitForEvent("download");
  await exporter.getByRole("button", { name: "Everything, with files (.zip)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ai42-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = (await download.path())!;

  const other = await browser.newPage({ baseURL: page.url() });
  await registerThroughApi(other, newUser());
  await openApp(other, "/home");
  const importZip = async () => {
    const choosing = other.waitForEvent("filechooser");
    await command(other, "import data");
    await (await choosing).setFiles(zip);
    return dialog(other, "Import data");
  };

  const importer = await importZip();
  await expect(importer.getByRole("list", { name: "Import preview" })).toContainText("1 new");
  await expect(importer).toContainText("Files: 2 (");
  await importer.getByRole("button", { name: "Import", exact: true }).click();
  const summary = dialog(other, "Import data").getByRole("status", { name: "Import summary" });
  await expect(summary).toContainText("Files: 2 restored, 0 already here, 0 not restored.");
  await dialog(other, "Import data").getByRole("button", { name: "Close", exact: true }).click();
  // The dashboard shows the imported records at once, without a reload.
  await expect(other.getByTestId("pipeline-rehab")).toHaveText("1");

  // The project has an id of its own here (the first account holds the exported one), and the
  // files are on it, the photo with a thumbnail drawn again.
  const projects = (await (await other.request.get("/api/projects")).json()).data as {
    id: string;
    name: string;
  }[];
  const imported = projects.find((project) => project.name === "Maple fourplex")!;
  expect(imported.id).not.toBe(projectId);
  await openApp(other, projectPath(imported.id));
  const list = other.getByTestId("files-panel").getByRole("list", { name: "Files of this record" });
  await expect(list.getByText("rent-roll.csv")).toBeVisible();
  await expect(list.getByText("front.jpg")).toBeVisible();
  const restored = (
    await (await other.request.get(`/api/files?ownerType=project&ownerId=${imported.id}`)).json()
  ).data as { name: string; thumbnail: boolean }[];
  expect(restored.find((file) => file.name === "front.jpg")?.thumbnail).toBe(true);

  // The same .zip again: the records and the files are already here.
  const again = await importZip();
  await expect(again.getByRole("list", { name: "Import preview" })).toContainText(
    "0 new, 1 already here",
  );
  await again.getByRole("button", { name: "Import", exact: true }).click();
  await expect(
    dialog(other, "Import data").getByRole("status", { name: "Import summary" }),
  ).toContainText("Files: 0 restored, 2 already here, 0 not restored.");
  await dialog(other, "Import data").getByRole("button", { name: "Close", exact: true }).click();
  await openApp(other, projectPath(imported.id));
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await other.close();
});

test("a .zip without an AI42 export is refused, and nothing is imported", async ({
  page,
  account,
}) => {
  await openApp(page, "/home");
  const choosing = page.waitForEvent("filechooser");
  await command(page, "import data");
  await (
    await choosing
  ).setFiles({
    name: "photos.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(zipSync({ "notes.txt": strToU8("Not an export") })),
  });
  await expect(
    page.getByText(/This \.zip holds no AI42 export \(ai42-export\.json\)/),
  ).toBeVisible();
  await expect(dialog(page, "Import data")).toHaveCount(0);
  const projects = await page.request.get("/api/projects", {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect((await projects.json()).data).toEqual([]);
});

test("a .zip whose export unpacks past what AI42 reads is refused by name, the tab unharmed", async ({
  page,
  account,
}) => {
  await openApp(page, "/home");
  const choosing = page.waitForEvent("filechooser");
  await command(page, "import data");
  // 100 KB of .zip whose document unpacks to 100 MB.
  const bomb = zipSync(
    { "ai42-export.json": new Uint8Array(100_000_000).fill(0x20) },
    { level: 9 },
  );
  await (
    await choosing
  ).setFiles({
    name: "export.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(bomb),
  });
  await expect(
    page.getByText(
      "ai42-export.json in the .zip unpacks to over 25 MB, more than AI42 reads: nothing was imported",
    ),
  ).toBeVisible();
  await expect(dialog(page, "Import data")).toHaveCount(0);
  const projects = await page.request.get("/api/projects", {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect((await projects.json()).data).toEqual([]);
});
