import type { Page } from "@playwright/test";
import { expect, newUser, openApp, registerThroughApi, test } from "./fixtures";

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

test("creates, filters, edits and deletes a project, each at its own page", async ({
  page,
  account,
}) => {
  await openApp(page, "/project-hub");
  await expect(page.getByText("No projects yet")).toBeVisible();
  await page.getByRole("link", { name: "Create your first project" }).click();
  await expect(page).toHaveURL("/project-hub/projects/new");
  await expect(page).toHaveTitle("New project · AI42");
  const create = page.getByRole("button", { name: "Create project" });
  await create.click();
  await expect(page.getByText("Give the project a name")).toBeVisible();
  await page.getByLabel("Name").fill("x".repeat(201));
  await create.click();
  await expect(page.getByText("Use at most 200 characters")).toBeVisible();
  await page.getByLabel("Budget ($)").fill("about 45k");
  await create.click();
  await expect(page.getByText("“about 45k” is not a number")).toBeVisible();
  await page.getByLabel("Budget ($)").fill("$45,000");
  await page.getByLabel("Name").fill("14 Maple St flip");
  await page.getByLabel("Type").selectOption("fix_and_flip");
  await create.click();
  await expect(page.getByRole("heading", { name: "14 Maple St flip" })).toBeVisible();
  await expect(page).toHaveURL(/\/project-hub\/projects\/[^/]+$/);

  await page.getByRole("link", { name: "All projects" }).click();
  await page.getByRole("link", { name: "New project" }).click();
  await page.getByLabel("Name").fill("Oak duplex");
  await page.getByLabel("Type").selectOption("brrrr");
  await create.click();
  await expect(page.getByRole("heading", { name: "Oak duplex" })).toBeVisible();
  await page.getByRole("link", { name: "All projects" }).click();

  const list = page.getByRole("list", { name: "Projects" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Filter by type").selectOption("brrrr");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Oak duplex");
  await page.getByLabel("Filter by type").selectOption("");
  await page.getByLabel("Search projects").fill("maple");
  await expect(list.getByRole("listitem")).toHaveCount(1);

  await list.getByRole("link", { name: /14 Maple St flip/ }).click();
  await expect(page.getByRole("heading", { name: "14 Maple St flip" })).toBeVisible();
  await expect(page.getByText("$45,000")).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  await dialog(page, "Edit project").getByLabel("Status").selectOption("under_contract");
  await dialog(page, "Edit project").getByRole("button", { name: "Save changes" }).click();
  await expect(dialog(page, "Edit project")).toBeHidden();
  await expect(page.getByText("Under contract", { exact: true })).toBeVisible();

  await page.getByText("Delete this project…").click();
  await page.getByRole("button", { name: "Delete project" }).click();
  await expect(page).toHaveURL("/project-hub");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Oak duplex");
});

test("links and unlinks a contact, and writes a markdown document for the project", async ({
  page,
  account,
}) => {
  await account.post("/projects", { name: "Linden rental" });
  await openApp(page, "/project-hub?tab=contacts");
  await page.getByRole("button", { name: "Add your first contact" }).click();
  const form = dialog(page, "New contact");
  await form.getByLabel("First name").fill("Maria");
  await form.getByLabel("Last name").fill("Lopez");
  await form.getByLabel("Type").selectOption("lender");
  await form.getByLabel("E-mail").fill("not-an-email");
  await form.getByRole("button", { name: "Create contact" }).click();
  await expect(form.getByText("Enter a valid e-mail address")).toBeVisible();
  // One message, beside the field: nothing repeats it under the form.
  await expect(form.getByRole("alert")).toHaveCount(0);
  await expect(form.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("E-mail").fill("maria@example.com");
  await form.getByRole("button", { name: "Create contact" }).click();
  await expect(page.getByRole("list", { name: "Contacts" })).toContainText("Maria Lopez");

  await page.getByRole("tab", { name: "Projects" }).click();
  await page.getByRole("link", { name: /Linden rental/ }).click();
  await page.getByRole("combobox", { name: "Contact to link" }).fill("maria lo");
  await page.getByRole("option", { name: "Maria Lopez" }).click();
  await page.getByRole("button", { name: "Link" }).click();
  await expect(page.getByRole("button", { name: "Unlink Maria Lopez" })).toBeVisible();
  await page.getByRole("tab", { name: "Contacts" }).click();
  await page.getByRole("link", { name: /^Maria Lopez/ }).click();
  await expect(page.getByRole("heading", { name: "Maria Lopez" })).toBeVisible();
  const card = page.getByRole("article");
  await expect(card.getByRole("link", { name: "maria@example.com" })).toBeVisible();
  await card.getByRole("link", { name: "Linden rental" }).click();
  await expect(page.getByRole("heading", { name: "Linden rental" })).toBeVisible();
  await page.getByRole("button", { name: "Unlink Maria Lopez" }).click();
  await expect(page.getByText("No one linked yet")).toBeVisible();

  await page.getByRole("link", { name: "New document" }).click();
  await page.getByLabel("Title", { exact: true }).fill("Offer notes");
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue(/.+/);
  await page
    .getByLabel("Content (Markdown)")
    .fill("# Max bid\n\n| Item | Cost |\n|---|---|\n| Roof | $12,000 |");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(
    page.getByTestId("markdown-preview").getByRole("heading", { name: "Max bid" }),
  ).toBeVisible();
  await expect(
    page.getByTestId("markdown-preview").getByRole("cell", { name: "$12,000" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Create document" }).click();
  // The new document has a page of its own, so a reload opens it.
  await expect(page).toHaveURL(/\/project-hub\/documents\/[^/]+$/);
  await expect(page).toHaveTitle("Offer notes · AI42");

  await page.reload();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Offer notes");
  await page.getByRole("link", { name: /All documents/ }).click();
  await expect(page.getByRole("list", { name: "Documents" })).toContainText("Offer notes");
  await expect(page.getByRole("list", { name: "Documents" })).toContainText("Linden rental");
  const stored = await page.evaluate(() => localStorage.getItem("project-hub-storage"));
  expect(stored).toContain("Offer notes");
});

test("imports a CSV of properties with one bad row and changes a pipeline status", async ({
  page,
  account,
}) => {
  await openApp(page, "/possible-investments");
  await page.getByRole("button", { name: "Import your first properties" }).click();
  const importer = dialog(page, "Import properties");
  const csv = [
    "Address,City,State,Zip,Beds,Baths,Sq Ft,Price,Rent,Status,APN,Agent",
    '12 Oak St,Dayton,OH,45402,3,1.5,1450,"$189,900",1650,new,R72-1,Kim',
    "227 Linden Ave,Dayton,OH,45403,4,2,2100,164900,2300,analyzing,,",
    ",Dayton,OH,45403,2,1,900,99000,,new,,",
  ].join("\n");
  await importer
    .getByLabel("File to import")
    .setInputFiles({ name: "deals.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  // Each column with the field it goes into; the one nobody knows is ignored, and can be chosen.
  await expect(importer.getByLabel("Field for column Price")).toHaveValue("price");
  await expect(importer.getByLabel("Field for column Status")).toHaveValue("status");
  await expect(importer.getByLabel("Field for column Agent")).toHaveValue("ignore");
  await expect(importer.getByTestId("import-summary")).toContainText(
    "4 rows in the file: 3 properties, the header.",
  );
  await expect(importer.getByTestId("import-plan")).toHaveText(
    "2 new, 0 to update, 0 unchanged, 1 not imported",
  );
  await expect(
    importer.getByText("Row 4, Address: Address is required; the row was not imported"),
  ).toBeVisible();
  await importer.getByRole("button", { name: "Import 2 properties" }).click();
  // It runs in the background of the page; the list fills in when it is done.
  const imports = page.getByRole("status", { name: "Import of deals.csv" });
  await expect(imports.getByTestId("import-outcome")).toHaveText(
    "2 new, 0 updated, 0 unchanged, 1 not imported",
  );
  await expect(page.getByRole("table", { name: "Properties" }).getByRole("row")).toHaveCount(3);
  // Undo takes the whole file back; then it is imported again for the rest of the test.
  await imports.getByRole("button", { name: "Undo import" }).click();
  await expect(imports).toContainText("Import of deals.csv undone");
  await expect(page.getByRole("button", { name: "Import your first properties" })).toBeVisible();
  await imports.getByRole("button", { name: "Dismiss deals.csv" }).click();
  await page.getByRole("button", { name: "Import your first properties" }).click();
  await importer
    .getByLabel("File to import")
    .setInputFiles({ name: "deals.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await importer.getByRole("button", { name: "Import 2 properties" }).click();
  await expect(page.getByRole("table", { name: "Properties" }).getByRole("row")).toHaveCount(3);
  await imports.getByRole("button", { name: "Dismiss deals.csv" }).click();

  // The same file again: nothing to do.
  await page.getByRole("button", { name: "Import properties" }).click();
  await importer
    .getByLabel("File to import")
    .setInputFiles({ name: "deals.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(importer.getByTestId("import-plan")).toHaveText(
    "0 new, 0 to update, 2 unchanged, 1 not imported",
  );
  await expect(importer.getByRole("button", { name: "Import 0 properties" })).toBeDisabled();
  await importer.getByRole("button", { name: "Cancel" }).click();

  const table = page.getByRole("table", { name: "Properties" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await table.getByRole("button", { name: "List price" }).click();
  await expect(table.getByRole("row").nth(1)).toContainText("227 Linden Ave");
  await table.getByRole("button", { name: "List price" }).click();
  await expect(table.getByRole("row").nth(1)).toContainText("12 Oak St");
  await page.getByLabel("Pipeline status of 12 Oak St").selectOption("offer_made");
  await page.getByLabel("Filter by pipeline status").selectOption("offer_made");
  await expect(table.getByRole("row")).toHaveCount(2);

  await openApp(page, "/project-hub");
  await page.getByRole("link", { name: "Create your first project" }).click();
  await page.getByLabel("Name").fill("Oak St flip");
  await page.getByRole("combobox", { name: "Property" }).fill("oak");
  await page.getByRole("option", { name: /^12 Oak St, Dayton/ }).click();
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { name: "Property" })).toBeVisible();
  await expect(page.getByText("List $189,900")).toBeVisible();

  await openApp(page, "/home");
  await expect(page.getByRole("list", { name: "Workspace figures" })).toContainText("Properties2");
});

test("exports the workspace and imports it into another account", async ({
  page,
  browser,
  account,
}) => {
  await account.post("/projects", { name: "Exported deal", status: "rehab" });
  await account.post("/contacts", { firstName: "Exported", type: "agent" });
  await openApp(page, "/home");
  await expect(page.getByTestId("pipeline-rehab")).toHaveText("1");
  await page.keyboard.press("Control+k");
  await page.getByPlaceholder("Search commands...").fill("export data");
  await page.keyboard.press("Enter");
  const downloading = page.waitForEvent("download");
  await dialog(page, "Export").getByRole("button", { name: "JSON only" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ai42-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();

  const other = await browser.newPage({ baseURL: page.url() });
  const importData = async () => {
    const choosing = other.waitForEvent("filechooser");
    await other.keyboard.press("Control+k");
    await other.getByPlaceholder("Search commands...").fill("import data");
    await other.keyboard.press("Enter");
    await (await choosing).setFiles(file);
  };
  await registerThroughApi(other, newUser());
  await openApp(other, "/home");
  await expect(other.getByText("Your workspace is empty")).toBeVisible();
  await importData();
  const importer = dialog(other, "Import data");
  const preview = importer.getByRole("list", { name: "Import preview" });
  await expect(preview).toContainText("Projects");
  await expect(preview).toContainText("1 new");
  await importer.getByRole("button", { name: "Import", exact: true }).click();
  await expect(other.getByText("Import finished")).toBeVisible();
  // The dashboard shows the imported data at once, without a reload.
  await expect(other.getByTestId("pipeline-rehab")).toHaveText("1");

  // Undo takes the whole import back; importing again brings it in again.
  await other.getByRole("button", { name: "Undo import" }).click();
  await expect(other.getByText(/^Import of .* undone$/)).toBeVisible();
  await expect(other.getByText("Your workspace is empty")).toBeVisible();
  await importData();
  await dialog(other, "Import data").getByRole("button", { name: "Import", exact: true }).click();
  await expect(other.getByTestId("pipeline-rehab")).toHaveText("1");
  await openApp(other, "/project-hub");
  await expect(other.getByRole("list", { name: "Projects" })).toContainText("Exported deal");

  // Importing the same file again adds nothing: the preview says it is already here.
  await importData();
  await expect(
    dialog(other, "Import data").getByRole("list", { name: "Import preview" }),
  ).toContainText("0 new, 1 already here");
  await expect(
    dialog(other, "Import data").getByRole("button", { name: "Import", exact: true }),
  ).toBeDisabled();
  await dialog(other, "Import data").getByRole("button", { name: "Cancel" }).click();
  await expect(other.getByRole("list", { name: "Projects" }).getByRole("listitem")).toHaveCount(1);
  await other.close();
});
