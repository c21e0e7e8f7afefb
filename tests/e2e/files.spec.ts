/**
 * Files on records in a browser: several uploaded to a project at once, each with its progress bar;
 * a refused type says why and is not listed; delete asks first; on a phone the camera input, and a
 * photo resized before it is sent; the property's photo gallery; a PDF previewed in the page; the
 * Files view of the Project Hub; a delete of a file gone meanwhile says so.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { strToU8, zipSync } from "fflate";
import { modulePath, projectPath, propertyPath } from "../../app/domain/modules";
import { expect, openApp, test, type Account } from "./fixtures";

/** A one-page PDF with a line of text, as a PDF writer lays it out. */
function onePagePdf(text: string) {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${44 + text.length} >>\nstream\nBT /F1 24 Tf 72 700 Td (${text}) Tj ET\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A JPEG of the given size, drawn by the browser (a gradient, so it is not trivially small). */
async function jpegOf(page: Page, width: number, height: number) {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext("2d")!;
      const gradient = context.createLinearGradient(0, 0, w!, h!);
      gradient.addColorStop(0, "#1d4ed8");
      gradient.addColorStop(1, "#f59e0b");
      context.fillStyle = gradient;
      context.fillRect(0, 0, w!, h!);
      return canvas.toDataURL("image/jpeg", 0.9).split(",")[1]!;
    },
    [width, height],
  );
  return Buffer.from(base64, "base64");
}

async function addProject(account: Account, name: string) {
  const response = await account.post("/projects", { name });
  return (await response.json()).data.id as string;
}

/** The record's stored files, as the API lists them. */
async function storedFiles(page: Page, ownerType: string, ownerId: string) {
  const response = await page.request.get(`/api/files?ownerType=${ownerType}&ownerId=${ownerId}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data as { id: string; name: string; size: number }[];
}

const panel = (page: Page) => page.getByTestId("files-panel");

test("two files uploaded to a project at once, each with a progress bar, then listed; a refused type says why; delete asks first", async ({
  page,
  account,
}) => {
  const projectId = await addProject(account, "Linden duplex");
  await openApp(page, projectPath(projectId));
  await expect(
    panel(page).getByText("No files yet — drop files here or choose them."),
  ).toBeVisible();

  // The uploads are held at the network until their bars have been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/files", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await panel(page)
    .getByLabel("Choose files to upload")
    .setInputFiles([
      {
        name: "purchase-contract.pdf",
        mimeType: "application/pdf",
        buffer: onePagePdf("Contract"),
      },
      {
        name: "rent-roll.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("Unit,Rent\nA,1200\nB,1150\n"),
      },
    ]);
  await expect(
    page.getByRole("progressbar", { name: "Uploading purchase-contract.pdf" }),
  ).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Uploading rent-roll.csv" })).toBeVisible();
  release();

  const list = panel(page).getByRole("list", { name: "Files of this record" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(
    list.getByRole("button", { name: "purchase-contract.pdf", exact: true }),
  ).toBeVisible();
  await expect(list.getByText("rent-roll.csv")).toBeVisible();
  await expect(list.getByText(/^PDF · 1 KB · /)).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);

  // HTML is not on the allow-list: the API's reason shows on that file, and nothing is listed.
  await panel(page)
    .getByLabel("Choose files to upload")
    .setInputFiles({
      name: "listing.html",
      mimeType: "text/html",
      buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
    });
  await expect(panel(page).getByRole("alert")).toContainText(
    /Not uploaded: .*PDF, images \(JPEG, PNG, GIF, WebP, HEIC\), Word, Excel, PowerPoint, CSV or plain text/,
  );
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await panel(page).getByRole("button", { name: "Dismiss listing.html" }).click();
  await expect(panel(page).getByRole("alert")).toHaveCount(0);
  expect((await storedFiles(page, "project", projectId)).map((file) => file.name).sort()).toEqual([
    "purchase-contract.pdf",
    "rent-roll.csv",
  ]);

  // Delete asks first; Cancel keeps the file, confirming deletes it.
  await list.getByRole("button", { name: "Delete rent-roll.csv" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this file?" });
  await expect(confirm).toContainText("“rent-roll.csv” will be deleted for good.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await list.getByRole("button", { name: "Delete rent-roll.csv" }).click();
  await confirm.getByRole("button", { name: "Delete file" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("rent-roll.csv")).toHaveCount(0);
  expect((await storedFiles(page, "project", projectId)).map((file) => file.name)).toEqual([
    "purchase-contract.pdf",
  ]);

  // The Files view lists it with the project it is on, and finds it by name and kind.
  await page.getByRole("tab", { name: "Files" }).click();
  const all = page.getByRole("list", { name: "All files" });
  await expect(
    all.getByRole("button", { name: "purchase-contract.pdf", exact: true }),
  ).toBeVisible();
  await page.getByLabel("Search files").fill("nothing-like-it");
  await expect(page.getByText("No file matches")).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=nothing-like-it/);
  await page.getByLabel("Search files").fill("contract");
  await page.getByLabel("Filter by kind of file").selectOption("pdf");
  await expect(page).toHaveURL(/[?&]kind=pdf/);
  await expect(all.getByRole("listitem")).toHaveCount(1);
  await expect(all).toContainText("Project: Linden duplex");
  await all.getByRole("link", { name: "Linden duplex" }).click();
  await expect(page.getByRole("heading", { name: "Linden duplex" })).toBeVisible();

  // The Files view deletes a file too, after asking.
  await page.goBack();
  await all.getByRole("button", { name: "Delete purchase-contract.pdf" }).click();
  await confirm.getByRole("button", { name: "Delete file" }).click();
  await expect(page.getByText("No file matches")).toBeVisible();
  expect(await storedFiles(page, "project", projectId)).toEqual([]);
});

test("a file deleted elsewhere while its record's page was open: the delete says so, and the list drops it", async ({
  page,
  account,
}) => {
  const projectId = await addProject(account, "Birch triplex");
  const auth = { Authorization: `Bearer ${account.token}` };
  const uploaded = await page.request.post("/api/files", {
    headers: auth,
    multipart: {
      ownerType: "project",
      ownerId: projectId,
      file: { name: "birch-lease.csv", mimeType: "text/csv", buffer: Buffer.from("Unit\nA\n") },
    },
  });
  expect(uploaded.status()).toBe(201);
  const { id } = (await uploaded.json()).data as { id: string };
  await openApp(page, projectPath(projectId));
  const list = panel(page).getByRole("list", { name: "Files of this record" });
  await expect(list.getByText("birch-lease.csv")).toBeVisible();

  expect((await page.request.delete(`/api/files/${id}`, { headers: auth })).status()).toBe(204);
  await list.getByRole("button", { name: "Delete birch-lease.csv" }).click();
  await page
    .getByRole("dialog", { name: "Delete this file?" })
    .getByRole("button", { name: "Delete file" })
    .click();
  await expect(page.getByText("Failed to delete file")).toBeVisible();
  await expect(page.getByText("File not found")).toBeVisible();
  await expect(
    panel(page).getByText("No files yet — drop files here or choose them."),
  ).toBeVisible();
});

test("the Files view finds a word inside a PDF and says on which page", async ({
  page,
  account,
}) => {
  const projectId = await addProject(account, "Maple duplex");
  await openApp(page, projectPath(projectId));
  // A three-page inspection report written by LibreOffice; the roof is on page 2.
  await panel(page)
    .getByLabel("Choose files to upload")
    .setInputFiles(
      fileURLToPath(new URL("../fixtures/files/inspection-report.pdf", import.meta.url)),
    );
  const list = panel(page).getByRole("list", { name: "Files of this record" });
  await expect(list).toContainText("inspection-report.pdf");
  // Its text is read just after the upload.
  await expect
    .poll(async () => {
      const [file] = (await storedFiles(page, "project", projectId)) as unknown as {
        text: { status: string };
      }[];
      return file?.text.status;
    })
    .toBe("ready");

  await openApp(page, modulePath("project-hub", { tab: "files", q: "asphalt shingles" }));
  const all = page.getByRole("list", { name: "All files" });
  await expect(all.getByRole("listitem")).toHaveCount(1);
  await expect(all).toContainText("Page 2:");
  await expect(all).toContainText("Roof: asphalt shingles at end of life");
  await expect(all).toContainText("Project: Maple duplex");
  // Filtered by the kind of record it is on.
  await page.getByLabel("Filter by kind of record").selectOption("property");
  await expect(page).toHaveURL(/[?&]ownerType=property/);
  await expect(page.getByText("No file matches")).toBeVisible();
  await page.getByLabel("Filter by kind of record").selectOption("project");
  await expect(all.getByRole("listitem")).toHaveCount(1);
  await page.getByLabel("Search files").fill("asphalt zebra");
  await expect(page.getByText("No file matches")).toBeVisible();
});

test("a file too large to read for search says so on the file, with the bound it went past", async ({
  page,
  account,
}) => {
  const projectId = await addProject(account, "Oak fourplex");
  await openApp(page, projectPath(projectId));
  // A Word document of 60 KB whose XML unpacks to 60 MB.
  const bomb = zipSync(
    {
      "_rels/.rels": strToU8(
        `<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
      "word/document.xml": new Uint8Array(60_000_000).fill(0x20),
    },
    { level: 9 },
  );
  await panel(page)
    .getByLabel("Choose files to upload")
    .setInputFiles({
      name: "Offering memo.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: Buffer.from(bomb),
    });
  const list = panel(page).getByRole("list", { name: "Files of this record" });
  await expect(list).toContainText("Offering memo.docx");
  await expect
    .poll(async () => {
      const [file] = (await storedFiles(page, "project", projectId)) as unknown as {
        text: { status: string };
      }[];
      return file?.text.status;
    })
    .toBe("skipped");
  await page.reload();
  await expect(list).toContainText(
    "Its text was not read for search: This Word document has too much text to read (over 50 MB of XML)",
  );
});

test("a PDF opens in the page, in a dialog that Escape closes, focus back on the file", async ({
  page,
  account,
}) => {
  const projectId = await addProject(account, "Title review");
  await openApp(page, projectPath(projectId));
  await panel(page)
    .getByLabel("Choose files to upload")
    .setInputFiles({
      name: "title-commitment.pdf",
      mimeType: "application/pdf",
      buffer: onePagePdf("Title commitment"),
    });
  const opener = panel(page).getByRole("button", { name: "title-commitment.pdf", exact: true });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "title-commitment.pdf" });
  const frame = dialog.locator("iframe[title='Preview of title-commitment.pdf']");
  await expect(frame).toHaveAttribute("src", /\/api\/files\/[^/]+\/content\?disposition=inline$/);
  // Chromium's PDF viewer (an extension's page) opens in the frame under the sandbox CSP, not
  // its "blocked" page.
  await expect
    .poll(() =>
      page.frames().some((frame) => /^chrome-extension:\/\/[a-z]+\/index\.html$/.test(frame.url())),
    )
    .toBe(true);
  await expect(dialog.getByRole("link", { name: "Download" })).toHaveAttribute(
    "href",
    /\/content$/,
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("the camera input takes a photo, resized to a long edge of 2,048 px before it is sent", async ({
    page,
    account,
  }) => {
    const projectId = await addProject(account, "Drive-by photos");
    await openApp(page, projectPath(projectId));
    const camera = panel(page).locator("input[type=file][capture]");
    await expect(camera).toHaveAttribute("capture", "environment");
    await expect(camera).toHaveAttribute("accept", "image/*");
    await expect(panel(page).getByText("Take a photo")).toBeVisible();
    await expect(panel(page).getByLabel("Keep original (with location)")).not.toBeChecked();

    const photo = await jpegOf(page, 4000, 3000);
    await camera.setInputFiles({ name: "IMG_0042.jpeg", mimeType: "image/jpeg", buffer: photo });
    await expect(
      panel(page).getByRole("button", { name: "IMG_0042.jpg", exact: true }),
    ).toBeVisible();

    const [stored] = await storedFiles(page, "project", projectId);
    expect(stored!.name).toBe("IMG_0042.jpg");
    expect(stored!.size).toBeLessThan(photo.length);
    const size = await page.evaluate(async (id) => {
      const response = await fetch(`/api/files/${id}/content`);
      const bitmap = await createImageBitmap(await response.blob());
      return [bitmap.width, bitmap.height];
    }, stored!.id);
    expect(size).toEqual([2048, 1536]);

    // Kept as it is when the user asks for the original.
    await panel(page).getByLabel("Keep original (with location)").check();
    await camera.setInputFiles({ name: "IMG_0043.jpeg", mimeType: "image/jpeg", buffer: photo });
    await expect(
      panel(page).getByRole("button", { name: "IMG_0043.jpeg", exact: true }),
    ).toBeVisible();
    const original = (await storedFiles(page, "project", projectId)).find(
      (file) => file.name === "IMG_0043.jpeg",
    );
    expect(original!.size).toBe(photo.length);
  });
});

test("the property page shows an uploaded photo in its gallery and opens it large", async ({
  page,
  account,
}) => {
  const response = await account.post("/data/properties", {
    address: "88 Birch Ln",
    city: "Austin",
    state: "TX",
    zip: "78702",
  });
  const [propertyId] = (await response.json()).data.ids as string[];
  await openApp(page, propertyPath(propertyId!));
  const photos = page.getByTestId("files-panel");
  await expect(photos.getByRole("heading", { name: "Photos and files" })).toBeVisible();
  await photos.getByLabel("Choose files to upload").setInputFiles([
    { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpegOf(page, 1200, 900) },
    { name: "inspection.pdf", mimeType: "application/pdf", buffer: onePagePdf("Inspection") },
  ]);
  const gallery = photos.getByRole("list", { name: "Photos" });
  const thumbnail = gallery.getByRole("button", { name: "Open photo front.jpg" });
  await expect(thumbnail).toBeVisible();
  const image = thumbnail.locator("img");
  await expect(image).toHaveAttribute("loading", "lazy");
  // The gallery shows the small picture drawn in the browser and sent with the photo: 320 px wide.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  // Other files are listed below the photos.
  await expect(photos.getByRole("list", { name: "Photos and files of this record" })).toContainText(
    "inspection.pdf",
  );

  await thumbnail.click();
  const dialog = page.getByRole("dialog", { name: "front.jpg" });
  await expect(dialog.getByRole("img", { name: "front.jpg" })).toBeVisible();
  // Opened large, it is the photo itself.
  await expect
    .poll(() =>
      dialog
        .getByRole("img", { name: "front.jpg" })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(1200);
  await dialog.getByRole("button", { name: "Close dialog" }).click();
  await expect(dialog).toBeHidden();

  // The first photo is the property's picture in the Possible Investments list.
  await openApp(page, modulePath("possible-investments"));
  const row = page.getByRole("row").filter({ hasText: "88 Birch Ln" });
  const picture = row.locator("img");
  await expect(picture).toHaveCount(1);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
});

test("files dropped on a contact's panel are uploaded to that contact", async ({
  page,
  account,
}) => {
  await account.post("/contacts", { firstName: "Dana", lastName: "Reyes", type: "agent" });
  await openApp(page, modulePath("project-hub", { tab: "contacts" }));
  await page.getByRole("link", { name: /^Dana Reyes/ }).click();
  await expect(page.getByRole("heading", { name: "Dana Reyes" })).toBeVisible();
  const files = page.getByTestId("files-panel");
  await expect(files.getByText("No files yet — drop files here or choose them.")).toBeVisible();

  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["Unit,Rent\nA,1200\n"], "comps.csv", { type: "text/csv" }));
    transfer.items.add(new File(["Call back on Monday"], "notes.txt", { type: "text/plain" }));
    return transfer;
  });
  await files.dispatchEvent("dragover", { dataTransfer });
  await files.dispatchEvent("drop", { dataTransfer });
  const list = files.getByRole("list", { name: "Files of this record" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).toContainText("comps.csv");
  await expect(list).toContainText("notes.txt");
});
