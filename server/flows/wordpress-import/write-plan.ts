import { createHash } from "node:crypto";
import { DomainError } from "../../../common/errors.ts";
import { eventSchema, pageSchema, postSchema } from "../../../common/schemas/content.ts";
import type { ItemFiscalInput } from "../../../common/schemas/fiscal.ts";
import { type ProductInput, productSchema } from "../../../common/schemas/product.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import {
  emptyImportCounts,
  type ImportKind,
  type WordPressImportReport,
} from "../../../common/views/wordpress-import.ts";
import { isSitePath, isWebAddress, type z } from "../../../common/zod.ts";
import type { Actor } from "../../kernel/access.ts";
import type {
  AddressTarget,
  ImportPlan,
  PlannedAttachment,
  PlannedContent,
  PlannedMenuEntry,
  PlannedProduct,
} from "../../modules/wordpress/import-plan.ts";
import { plainSummary, tagsOf } from "../../modules/wordpress/import-plan.ts";
import { keyOfOldUrl } from "../../modules/wordpress/old-addresses.ts";
import type { RunResult } from "../../modules/wordpress/wordpress-service.ts";
import { cleanWordPressContent, type ImportedImage } from "../../modules/wordpress/wp-content.ts";
import type { FileSource } from "../../modules/wordpress/wp-files.ts";
import type { WxrExport } from "../../modules/wordpress/wxr-reader.ts";
import type { Services } from "../../services.ts";
import { chooseHomePage } from "../site-settings.ts";

/**
 * Writes an import's plan through each area's service: the files first (their new addresses go into
 * the content), then pages, news and events, products, the menu, customers and the old addresses'
 * redirects. Each batch is one transaction with the import's progress and the WordPress ids of what it
 * wrote (the wordpress service's, on the batch's transaction), so a failure keeps every batch before it
 * whole and nothing of its own, and running the import again carries on: what an earlier run wrote and
 * has not changed since is left as it is.
 */

// Small batches, each followed by a pause: on the embedded database a transaction holds the one
// connection, and the site's visitors wait for it (the bench saw 3-10 s without an answer at 25).
// Its statements also run on the event loop, one after another with no turn between them: a batch
// of ten long posts (their search vectors computed) held every request for 250-300 ms, so a batch of
// contents ends once it holds CONTENT_BATCH_CHARS.
const CONTENT_BATCH = 10;
const CONTENT_BATCH_CHARS = 24_000;
const PRODUCT_BATCH = 10;
const CUSTOMER_BATCH = 50;
const REDIRECT_BATCH = 200;
const PAUSE_MS = 5;
const FETCH_AHEAD = 4;

const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|tiff?|heic)$/i;
const DOCUMENT_FILE = /\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp)$/i;
/** WordPress's resized copies: foto-300x200.jpg is foto.jpg. */
const RESIZED = /-\d+x\d+(\.\w+)$/;

type RunDeps = {
  actor: Actor;
  importId: number;
  files: FileSource;
  wxr: WxrExport | null;
};

type StoredFile = { id: string; url: string; image: ImportedImage; thumb: string | null };

/** The contents in batches of CONTENT_BATCH at most, each ending once it holds CONTENT_BATCH_CHARS. */
function* batchesOf(contents: readonly PlannedContent[]) {
  let batch: PlannedContent[] = [];
  let chars = 0;
  for (const content of contents) {
    batch.push(content);
    chars += content.rawContent.length;
    if (batch.length === CONTENT_BATCH || chars >= CONTENT_BATCH_CHARS) {
      yield batch;
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** Lets the requests that waited for a batch's transaction through before the next one starts. */
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

const fingerprintOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("base64url");

/**
 * A product or variant without fiscal data fingerprinted as before imports read it: the products of runs
 * made then stay unchanged when run again, rather than rewritten over what was edited here since.
 */
function withoutEmptyFiscal<T extends { fiscal: ItemFiscalInput }>({ fiscal, ...rest }: T) {
  return Object.values(fiscal).every((value) => value === null) ? rest : { ...rest, fiscal };
}

const firstError = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "dados"}: ${issue.message}` : "Dados inválidos.";
};

const fileNameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "") || "arquivo";
  } catch {
    return url.split("/").pop() || "arquivo";
  }
};

export async function writePlan(
  services: Services,
  plan: ImportPlan,
  deps: RunDeps,
): Promise<{ result: RunResult; report: WordPressImportReport }> {
  const { actor, importId } = deps;
  const report: WordPressImportReport = structuredClone(plan.report);
  report.unfetched_files = [];
  const result: RunResult = {
    created: emptyImportCounts(),
    updated: emptyImportCounts(),
    unchanged: emptyImportCounts(),
  };
  const total =
    plan.attachments.length +
    plan.contents.length +
    plan.products.length +
    (plan.menu.length > 0 ? 1 : 0) +
    plan.customers.length +
    plan.addresses.length;
  let done = 0;

  const remember = (tx: Services, kind: string, wpId: string, recordId: string, fingerprint: string) =>
    tx.wordpress.remember(plan.site, kind, wpId, recordId, fingerprint);
  const progress = async (tx: Services, step: string, count: number) => {
    done += count;
    await tx.wordpress.progress(importId, { done, total, step });
  };
  const tally = (kind: ImportKind, outcome: keyof RunResult) => {
    result[outcome][kind]++;
  };

  // 1. Files.
  const stored = new Map<string, StoredFile>();
  const known = await services.uploads.addresses(
    plan.attachments.flatMap((attachment) => (attachment.mapped ? [attachment.mapped.recordId] : [])),
  );
  const pending: PlannedAttachment[] = [];
  for (const attachment of plan.attachments) {
    const upload =
      attachment.mapped && attachment.mapped.fingerprint === fingerprintOf(attachment.url)
        ? known.get(attachment.mapped.recordId)
        : undefined;
    if (upload) {
      stored.set(attachment.wpId, {
        id: upload.id,
        url: upload.url,
        thumb: upload.thumb,
        image: { url: upload.average ?? upload.url, alt: attachment.alt },
      });
      tally("attachment", "unchanged");
    } else {
      pending.push(attachment);
    }
  }
  await services.transaction((tx) => progress(tx, "Arquivos e imagens", plan.attachments.length - pending.length));
  for (let start = 0; start < pending.length; start += FETCH_AHEAD) {
    const group = pending.slice(start, start + FETCH_AHEAD);
    const fetched = await Promise.all(group.map((attachment) => fetchAttachment(attachment, deps.files)));
    for (const [index, attachment] of group.entries()) {
      const file = fetched[index];
      if (!file?.ok) {
        report.unfetched_files.push({ url: attachment.url, reason: file?.reason ?? "Arquivo não lido." });
        await services.transaction((tx) => progress(tx, "Arquivos e imagens", 1));
        continue;
      }
      try {
        await services.transaction(async (tx) => {
          const part = new File([file.bytes], file.name);
          if (IMAGE_FILE.test(file.name)) {
            const image = await tx.uploads.storeImage(actor, [part]);
            stored.set(attachment.wpId, {
              id: image.id,
              url: image.url,
              thumb: image.thumb,
              image: { url: image.average, alt: attachment.alt },
            });
            await remember(tx, "attachment", attachment.wpId, image.id, fingerprintOf(attachment.url));
          } else {
            const document = await tx.uploads.storeDocument(actor, [part]);
            stored.set(attachment.wpId, {
              id: document.id,
              url: document.url,
              thumb: null,
              image: { url: document.url, alt: attachment.alt },
            });
            await remember(tx, "attachment", attachment.wpId, document.id, fingerprintOf(attachment.url));
          }
          tally("attachment", attachment.mapped ? "updated" : "created");
          await progress(tx, "Arquivos e imagens", 1);
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        report.unfetched_files.push({ url: attachment.url, reason: error.message });
        await services.transaction((tx) => progress(tx, "Arquivos e imagens", 1));
      }
    }
  }

  // Where each old address now leads.
  const attachmentByUrl = new Map(plan.attachments.map((attachment) => [attachment.url, attachment.wpId]));
  // By WordPress id: a search of the plan for each of 12,000 old addresses held the event loop 650 ms.
  const productByWpId = new Map(plan.products.map((planned) => [planned.wpId, planned]));
  const contentByKindAndWpId = new Map(plan.contents.map((planned) => [`${planned.kind}:${planned.wpId}`, planned]));
  const pathOfRecord = (target: Extract<AddressTarget, { kind: "record" }>): string | null => {
    if (target.recordKind === "attachment") return stored.get(target.wpId)?.url ?? null;
    if (target.recordKind === "product") {
      const product = productByWpId.get(target.wpId);
      return product ? sitePaths.product(product.slug) : null;
    }
    const content = contentByKindAndWpId.get(`${target.recordKind}:${target.wpId}`);
    if (!content) return null;
    return content.kind === "page"
      ? sitePaths.page(content.slug)
      : content.kind === "post"
        ? sitePaths.post(content.slug)
        : sitePaths.event(content.slug);
  };
  const newPathByKey = new Map<string, string>();
  for (const { key, target } of plan.addresses) {
    const path = target.kind === "path" ? target.path : pathOfRecord(target);
    if (path) newPathByKey.set(key, path);
  }
  const rewriteUrl = (url: string): string | null => {
    // A link to a section of the same page ("#contato") stays as it is.
    if (!deps.wxr || url.startsWith("#")) return null;
    const key = keyOfOldUrl(url, deps.wxr);
    if (key === null) return null;
    const path = key === "/" ? "/" : (newPathByKey.get(key) ?? newPathByKey.get(key.replace(RESIZED, "$1")));
    if (!path) return null;
    // A link to a section of an old page ("/sobre/#servicos") leads to the same section here.
    const at = url.indexOf("#");
    return at < 0 ? path : `${path}${url.slice(at)}`;
  };
  const images = new Map<number, ImportedImage>([...stored].map(([wpId, file]) => [Number(wpId), file.image]));

  // 2. Pages, news and events.
  for (const batch of batchesOf(plan.contents)) {
    // Cleaned and checked before the transaction: only the writes hold the connection.
    const writes = await Promise.all(batch.map(prepareContent));
    await services.transaction(async (tx) => {
      for (const write of writes) await write(tx);
      await progress(tx, "Páginas, notícias e eventos", batch.length);
    });
    await pause();
  }

  async function prepareContent(content: PlannedContent): Promise<(tx: Services) => Promise<void>> {
    const cleaned = await cleanWordPressContent(await content.rawContent.read(), {
      images,
      attachedImageIds: content.attachedImageIds,
      rewriteUrl,
    });
    // The featured image (_thumbnail_id), with the text WordPress kept for it (_wp_attachment_image_alt).
    const cover = content.coverId === null ? undefined : stored.get(String(content.coverId));
    const common = {
      title: content.title,
      slug: content.slug,
      summary: content.summary,
      content: cleaned.html,
      cover: cover?.url ?? "",
      cover_alt: cover?.image.alt ?? "",
      tags: content.tags,
      status: content.status,
    };
    if (content.kind === "page") {
      const parsed = pageSchema.safeParse(common);
      return (tx) => save(tx, content, parsed, tx.pages);
    }
    if (content.kind === "post") {
      const parsed = postSchema.safeParse({ ...common, published_at: content.publishedAt ?? new Date() });
      return (tx) => save(tx, content, parsed, tx.posts);
    }
    const parsed = eventSchema.safeParse({ ...common, ...content.event });
    return (tx) => save(tx, content, parsed, tx.events);
  }

  async function save<Input>(
    tx: Services,
    content: PlannedContent,
    parsed: z.ZodSafeParseResult<Input>,
    service: {
      create(actor: Actor, input: Input): Promise<{ id: number }>;
      update(actor: Actor, id: number, input: Input): Promise<unknown>;
    },
  ) {
    if (!parsed.success) {
      report.skipped.push({
        kind: content.kind,
        wp_id: content.wpId,
        title: content.title,
        reason: firstError(parsed.error),
      });
      return;
    }
    const input = parsed.data;
    const fingerprint = fingerprintOf(input);
    if (content.mapped) {
      if (content.mapped.fingerprint === fingerprint) return tally(content.kind, "unchanged");
      await service.update(actor, Number(content.mapped.recordId), input);
      await remember(tx, content.kind, content.wpId, content.mapped.recordId, fingerprint);
      return tally(content.kind, "updated");
    }
    const created = await service.create(actor, input);
    await remember(tx, content.kind, content.wpId, String(created.id), fingerprint);
    tally(content.kind, "created");
  }

  // 3. Products.
  for (let start = 0; start < plan.products.length; start += PRODUCT_BATCH) {
    const batch = plan.products.slice(start, start + PRODUCT_BATCH);
    await services.transaction(async (tx) => {
      for (const planned of batch) await writeProduct(tx, planned);
      await progress(tx, "Produtos", batch.length);
    });
    await pause();
  }

  async function writeProduct(tx: Services, planned: PlannedProduct) {
    const { product } = planned;
    const imageIds = [
      ...product.imageIds.map(String),
      ...product.imageUrls.flatMap((url) => {
        const wpId = attachmentByUrl.get(url);
        return wpId ? [wpId] : [];
      }),
    ];
    const imagesOfProduct = [...new Set(imageIds)].flatMap((wpId) => {
      const file = stored.get(wpId);
      return file?.thumb ? [{ url: file.url, thumb: file.thumb, alt: file.image.alt }] : [];
    });
    const variantIds = new Map<string, number>();
    if (planned.mapped) {
      const current = await tx.products.get(actor, planned.mapped.recordId);
      for (const variant of current.variants) variantIds.set(variant.options.join("\u0000"), variant.id);
    }
    const cleaned = await cleanWordPressContent(await product.content.read(), { images, rewriteUrl });
    const parsed = productSchema.safeParse({
      name: product.name,
      slug: planned.slug,
      summary: plainSummary(product.summary, 160),
      content: cleaned.html,
      status: product.status,
      images: imagesOfProduct.slice(0, 20),
      tags: tagsOf(product.tags),
      options: product.options,
      variants: product.variants.map((variant) => ({
        id: variantIds.get(variant.options.join("\u0000")),
        options: variant.options,
        sku: variant.sku,
        price_cents: variant.price_cents,
        compare_at_cents: variant.compare_at_cents,
        stock: variant.stock,
        fiscal: variant.fiscal,
      })),
      weight_grams: product.weight_grams,
      length_cm: product.length_cm,
      width_cm: product.width_cm,
      height_cm: product.height_cm,
      fiscal: product.fiscal,
    });
    if (!parsed.success) {
      report.skipped.push({
        kind: "product",
        wp_id: planned.wpId,
        title: product.name,
        reason: firstError(parsed.error),
      });
      return;
    }
    const input: ProductInput = parsed.data;
    // Variant ids are ours, not the export's: they do not make a product different.
    const fingerprint = fingerprintOf(
      withoutEmptyFiscal({
        ...input,
        variants: input.variants.map(({ id: _id, ...variant }) => withoutEmptyFiscal(variant)),
      }),
    );
    if (planned.mapped) {
      if (planned.mapped.fingerprint === fingerprint) return tally("product", "unchanged");
      await tx.products.update(actor, Number(planned.mapped.recordId), input);
      await remember(tx, "product", planned.wpId, planned.mapped.recordId, fingerprint);
      return tally("product", "updated");
    }
    const created = await tx.products.create(actor, input);
    await remember(tx, "product", planned.wpId, String(created.id), fingerprint);
    tally("product", "created");
  }

  // The old site's static front page is the home here, unless an earlier import already chose it
  // once: the owner may have chosen another since.
  const frontPage = plan.frontPageWpId;
  if (frontPage !== null && !plan.homeChosen) {
    await services.transaction(async (tx) => {
      const recordId = await tx.wordpress.importedRecord(plan.site, "page", frontPage);
      if (recordId === null) return;
      const chosen = await chooseHomePage(tx, actor, Number(recordId));
      if (chosen) await remember(tx, "home", frontPage, recordId, fingerprintOf(recordId));
    });
  }

  // 4. The menu, in one transaction: our submenus have one level, so deeper entries join their top entry.
  if (plan.menu.length > 0) {
    await services.transaction(async (tx) => {
      // The pages' ids: this run's and earlier runs' (the contents' batches are committed by now).
      const createdPages = new Map<string, number>();
      for (const [wpId, recordId] of await tx.wordpress.importedRecords(plan.site, "page"))
        createdPages.set(wpId, Number(recordId));
      // The site's own top entries (its news list's, one made by hand) that no import made: an entry
      // leading to the same address is that entry, not a second one beside it.
      const imported = new Set([...(await tx.wordpress.recordsImported("menu"))].map(Number));
      const ownTop = new Map(
        (await tx.menus.list(actor))
          .filter((item) => item.url !== "" && !imported.has(item.id))
          .map((item) => [item.url, item]),
      );
      const write = async (entry: PlannedMenuEntry, parentId: number | null): Promise<number | null> => {
        const target = entry.target;
        let url = "";
        let pageId: number | null = null;
        if (target.kind === "record" && target.recordKind === "page") {
          pageId = createdPages.get(target.wpId) ?? null;
          // A page's section is an address: a menu item leading to a page leads to its top.
          const page = entry.hash ? contentByKindAndWpId.get(`page:${target.wpId}`) : undefined;
          if (page) {
            url = sitePaths.page(page.slug);
            pageId = null;
          }
        } else if (target.kind === "record") {
          url = pathOfRecord(target) ?? "";
        } else if (target.kind === "path") {
          url = target.path;
        } else if (isWebAddress(target.url)) {
          url = target.url;
        }
        if (url !== "" && !isSitePath(url) && !isWebAddress(url)) url = "";
        if (url !== "" && entry.hash && !url.includes("#")) url += entry.hash;
        if (parentId !== null && url === "" && pageId === null) {
          report.skipped.push({
            kind: "menu",
            wp_id: entry.key,
            title: entry.label,
            reason: "Item de submenu sem endereço.",
          });
          return null;
        }
        const values = { name: entry.label, url, page_id: pageId, parent_id: parentId, enabled: true };
        const fingerprint = fingerprintOf(values);
        const own = parentId === null && !entry.mapped ? ownTop.get(url) : undefined;
        if (own) {
          ownTop.delete(url);
          await remember(tx, "menu", entry.key, String(own.id), fingerprint);
          tally("menu", "unchanged");
          return own.id;
        }
        if (entry.mapped) {
          const id = Number(entry.mapped.recordId);
          if (entry.mapped.fingerprint !== fingerprint) {
            await tx.menus.update(actor, id, values);
            await remember(tx, "menu", entry.key, String(id), fingerprint);
            tally("menu", "updated");
          } else {
            tally("menu", "unchanged");
          }
          return id;
        }
        const created = await tx.menus.create(actor, values);
        await remember(tx, "menu", entry.key, String(created.id), fingerprint);
        tally("menu", "created");
        return created.id;
      };
      const flatten = (entries: PlannedMenuEntry[]): PlannedMenuEntry[] =>
        entries.flatMap((entry) => [entry, ...flatten(entry.children)]);
      for (const top of plan.menu) {
        const id = await write(top, null);
        if (id === null) continue;
        for (const child of flatten(top.children)) await write(child, id);
      }
      await progress(tx, "Menu", 1);
    });
  }

  // 5. Customers: an account without a password; one that exists already is left as it is.
  for (let start = 0; start < plan.customers.length; start += CUSTOMER_BATCH) {
    const batch = plan.customers.slice(start, start + CUSTOMER_BATCH);
    await services.transaction(async (tx) => {
      for (const customer of batch) {
        if (customer.exists) {
          tally("customer", "unchanged");
          continue;
        }
        const created = await tx.customers.importAccount(actor, customer);
        tally("customer", created ? "created" : "unchanged");
      }
      await progress(tx, "Clientes", batch.length);
    });
    await pause();
  }

  // 6. The old addresses.
  const redirects = plan.addresses.flatMap(({ key }) => {
    const to = newPathByKey.get(key);
    return to ? [{ from: key, to }] : [];
  });
  if (redirects.length < plan.addresses.length) {
    await services.transaction((tx) => progress(tx, "Endereços antigos", plan.addresses.length - redirects.length));
  }
  for (let start = 0; start < redirects.length; start += REDIRECT_BATCH) {
    const batch = redirects.slice(start, start + REDIRECT_BATCH);
    await services.transaction(async (tx) => {
      const outcome = await tx.redirects.importMany(actor, batch);
      result.created.redirect += outcome.created;
      result.updated.redirect += outcome.updated;
      result.unchanged.redirect += outcome.unchanged + outcome.skipped;
      await progress(tx, "Endereços antigos", batch.length);
    });
    await pause();
  }

  report.result = result;
  return { result, report };
}

async function fetchAttachment(attachment: PlannedAttachment, files: FileSource) {
  const name = fileNameOf(attachment.url);
  if (!IMAGE_FILE.test(name) && !DOCUMENT_FILE.test(name)) {
    return { ok: false as const, reason: `Formato de arquivo não importado (${name.split(".").pop() ?? name}).` };
  }
  const fetched = await files.get(attachment.url);
  return fetched.ok ? { ...fetched, name } : fetched;
}
