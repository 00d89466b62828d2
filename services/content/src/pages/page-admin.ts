import type { Connection } from 'mongoose';
import { pagePath } from '@shop/contracts';
import {
  STALE_EDIT_MESSAGE,
  type AdminPageDetail,
  type AuditChange,
  type AdminPageSummary,
  type PageCreateBody,
  type PageDraftBody,
  type PageKind,
  type PageVisibilityBody,
  type PagePublishBody,
  type PageText,
  type PageTextVersion,
} from '@shop/contracts/admin';
import { isoDateInBerlin } from '@shop/format';
import {
  auditEntry,
  auditText,
  changedFields,
  ConflictError,
  FieldError,
  isDuplicateKeyError,
  NotFoundError,
  StaleVersionError,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import { PAGE_TEMPLATES, type InformationPages, type StoredText } from './information-pages';
import { PAGE_PLACEHOLDERS, unknownPlaceholders } from './page-placeholders';
import type { PageTemplate } from './page-texts';
import { pageModel, type PageRecord } from './page.model';

/** Pages the law asks for (legal-de 4.1, 4.4–4.7, 3.1, 4.17); the rest inform. Both are versioned alike. */
const LEGAL_PAGES = new Set(['impressum', 'agb', 'datenschutz', 'widerrufsbelehrung', 'batterie-hinweise', 'barrierefreiheit']);
const TEXT_FIELDS = ['title', 'description', 'body'] as const;

// `texts` is missing on a record created by a draft save (an upsert sets no defaults).
type StoredPage = Omit<PageRecord, 'texts' | 'draft'> & {
  texts?: StoredText[];
  draft: (PageText & { savedAt: Date }) | null;
  custom?: boolean;
  offline?: boolean;
};

const SLUG_TAKEN = 'Diese Adresse hat schon eine andere Seite. Bitte wählen Sie eine andere.';

/** A page as the admin works on it: a fixed page has its template, a staff-made one none. */
interface Source {
  slug: string;
  template: PageTemplate | null;
  record: StoredPage | null;
}

/** @throws FieldError (400) at the field naming the first placeholder that does not exist. */
function checkPlaceholders(draft: PageText): void {
  for (const field of TEXT_FIELDS) {
    const unknown = unknownPlaceholders(draft[field]);
    if (unknown.length)
      throw new FieldError(
        `draft/${field}`,
        `Unbekannter Platzhalter {{${unknown[0]}}}. Verwenden Sie nur die Platzhalter aus der Liste unter dem Editor.`,
      );
  }
}

/** A page text as the audit log keeps it: the body abbreviated (the full texts stay in the page's versions). */
const abbreviated = (text: PageText) => ({ ...text, body: auditText(text.body) });

function versionOf(text: StoredText): PageTextVersion {
  return {
    textVersion: text.textVersion,
    title: text.title,
    description: text.description,
    body: text.body,
    publishedAt: text.publishedAt ? text.publishedAt.toISOString() : null,
    publishedBy: text.publishedBy,
    changeNote: text.changeNote,
    fromTemplate: text.publishedBy === null,
  };
}

/**
 * Staff editing of the information and legal pages (issue #13; versioned legal texts, legal-de
 * 4.6, 4.7): a draft that shoppers do not see, saved on a version (409 otherwise), and publishing
 * it as a new text version dated today (Europe/Berlin) with a note of what changed. Published
 * texts are never changed or removed: orders refer to their `textVersion`. The first publication
 * keeps the code's template as the page's first version. Staff also make pages of their own
 * (shown at /seite/{slug} once published, and taken offline or back online). Every write is
 * audited through the page's outbox.
 */
export class PageAdmin {
  constructor(private readonly deps: { db: Connection; pages: InformationPages; relay: AuditRelay; now: () => Date }) {}

  private get records() {
    return pageModel(this.deps.db);
  }

  /** A page by its slug: a fixed page (its template, a record once edited) or a staff-made one. @throws NotFoundError. */
  private async source(slug: string): Promise<Source> {
    const template = PAGE_TEMPLATES.find((candidate) => candidate.slug === slug) ?? null;
    const record = await this.records.findOne({ slug }, { auditOutbox: 0 }).lean<StoredPage>();
    if (!template && !record?.custom) throw new NotFoundError('Diese Seite gibt es nicht.');
    return { slug, template, record };
  }

  private summary({ slug, template, record }: Source): AdminPageSummary {
    const current = this.deps.pages.currentText(template, record);
    const draftTitle = record?.draft?.title ?? slug;
    return {
      slug,
      path: pagePath(slug, !template),
      kind: (!template ? 'custom' : LEGAL_PAGES.has(slug) ? 'legal' : 'information') satisfies PageKind,
      title: current?.title ?? draftTitle,
      textVersion: current?.textVersion ?? null,
      online: template ? true : Boolean(current) && !record?.offline,
      hasDraft: Boolean(record?.draft),
      // The code's template changed after staff last published: someone should compare the two.
      templateNewer: Boolean(template && record?.texts?.length && current && template.version > current.templateVersion),
      version: record?.version ?? 0,
    };
  }

  /** The fixed pages in their order, then the staff-made ones by address. */
  async list(): Promise<AdminPageSummary[]> {
    const records = await this.records.find({}, { auditOutbox: 0 }).lean<StoredPage[]>();
    const fixed = PAGE_TEMPLATES.map((template) =>
      this.summary({ slug: template.slug, template, record: records.find((record) => record.slug === template.slug) ?? null }),
    );
    const custom = records
      .filter((record) => record.custom)
      .sort((a, b) => a.slug.localeCompare(b.slug))
      .map((record) => this.summary({ slug: record.slug, template: null, record }));
    return [...fixed, ...custom];
  }

  /** @throws NotFoundError (404) for a slug that is no page. */
  async get(slug: string): Promise<AdminPageDetail> {
    return this.detail(await this.source(slug));
  }

  private detail(source: Source): AdminPageDetail {
    const { template, record } = source;
    const current = this.deps.pages.currentText(template, record);
    const texts = record?.texts ?? [];
    return {
      ...this.summary(source),
      current: current ? versionOf(current) : null,
      draft: record?.draft
        ? {
            title: record.draft.title,
            description: record.draft.description,
            body: record.draft.body,
            savedAt: record.draft.savedAt.toISOString(),
          }
        : null,
      history: texts.slice(0, -1).reverse().map(versionOf),
      placeholders: [...PAGE_PLACEHOLDERS],
    };
  }

  /**
   * A page of staff's own, saved as a draft (publish it from the editor), shown at /seite/{slug}.
   * @throws ConflictError (409) when the address is taken; FieldError (400) for an unknown placeholder.
   */
  async create(staff: ShopIdentity, { slug, draft }: PageCreateBody): Promise<AdminPageDetail> {
    checkPlaceholders(draft);
    if (PAGE_TEMPLATES.some((template) => template.slug === slug)) throw new ConflictError(SLUG_TAKEN);
    const now = this.deps.now();
    const entry = auditEntry(
      staff,
      {
        service: 'content',
        entity: 'page',
        entityId: slug,
        label: draft.title,
        action: 'create',
        changes: changedFields(null, abbreviated(draft), TEXT_FIELDS),
      },
      now,
    );
    try {
      await this.records.create({
        slug,
        custom: true,
        texts: [],
        draft: { ...draft, savedAt: now, savedBy: staff.userId },
        version: 0,
        auditOutbox: [entry],
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictError(SLUG_TAKEN);
      throw error;
    }
    this.deps.relay.kick();
    return this.get(slug);
  }

  /**
   * Takes a staff-made page offline (its address answers 404) or back online.
   * @throws NotFoundError; ConflictError (409) for a fixed page or one never published; StaleVersionError (409).
   */
  async setVisibility(staff: ShopIdentity, slug: string, { version, online }: PageVisibilityBody): Promise<AdminPageDetail> {
    const source = await this.source(slug);
    if (source.template) throw new ConflictError('Die festen Seiten des Shops bleiben immer erreichbar.');
    if (!source.record?.texts?.length) throw new ConflictError('Die Seite ist noch nicht veröffentlicht.');
    const entry = auditEntry(
      staff,
      {
        service: 'content',
        entity: 'page',
        entityId: slug,
        label: this.summary(source).title,
        action: online ? 'online' : 'offline',
        changes: changedFields({ online: !source.record.offline }, { online }, ['online']),
      },
      this.deps.now(),
    );
    return this.write(source, version, { $set: { offline: !online }, $inc: { version: 1 }, $push: { auditOutbox: entry } });
  }

  /**
   * Saves the draft made on `version`; shoppers keep seeing the published text.
   * @throws NotFoundError; FieldError (400) for an unknown placeholder; StaleVersionError (409).
   */
  async saveDraft(staff: ShopIdentity, slug: string, { version, draft }: PageDraftBody): Promise<AdminPageDetail> {
    checkPlaceholders(draft);
    const source = await this.source(slug);
    const before = source.record?.draft ?? this.deps.pages.currentText(source.template, source.record);
    const entry = auditEntry(
      staff,
      {
        service: 'content',
        entity: 'page',
        entityId: slug,
        label: draft.title,
        action: 'save-draft',
        changes: changedFields(before && abbreviated(before), abbreviated(draft), TEXT_FIELDS),
      },
      this.deps.now(),
    );
    const update = {
      $set: { draft: { ...draft, savedAt: this.deps.now(), savedBy: staff.userId } },
      $inc: { version: 1 },
      $push: { auditOutbox: entry },
    };
    return this.write(source, version, update);
  }

  /** Drops the draft made on `version`. @throws NotFoundError; StaleVersionError (409). */
  async discardDraft(staff: ShopIdentity, slug: string, version: number): Promise<AdminPageDetail> {
    const source = await this.source(slug);
    const { record } = source;
    if (!record?.draft) return this.detail(source);
    const entry = auditEntry(
      staff,
      { service: 'content', entity: 'page', entityId: slug, label: record.draft.title, action: 'discard-draft', changes: [] },
      this.deps.now(),
    );
    return this.write(source, version, { $set: { draft: null }, $inc: { version: 1 }, $push: { auditOutbox: entry } });
  }

  /**
   * Publishes the saved draft as the page's new text version ('Stand' = today in Germany; a second
   * publication the same day gets '.2'). Shoppers and new orders get it at once.
   * @throws NotFoundError; ConflictError (409) without a draft or when it equals the published
   *   text; StaleVersionError (409).
   */
  async publish(staff: ShopIdentity, slug: string, { version, changeNote }: PagePublishBody): Promise<AdminPageDetail> {
    const source = await this.source(slug);
    const { template, record } = source;
    if ((record?.version ?? 0) !== version) throw new StaleVersionError(STALE_EDIT_MESSAGE);
    if (!record?.draft) throw new ConflictError('Es gibt keinen gespeicherten Entwurf. Bitte speichern Sie den Entwurf zuerst.');
    const current = this.deps.pages.currentText(template, record);
    const draft: PageText = { title: record.draft.title, description: record.draft.description, body: record.draft.body };
    const changes: AuditChange[] = changedFields(current && abbreviated(current), abbreviated(draft), TEXT_FIELDS);
    if (!changes.length) throw new ConflictError('Der Entwurf entspricht der veröffentlichten Fassung; es gibt nichts zu veröffentlichen.');
    const now = this.deps.now();
    const taken = new Set([...(record.texts ?? []).map((text) => text.textVersion), current?.textVersion]);
    const today = isoDateInBerlin(now);
    let textVersion = today;
    for (let n = 2; taken.has(textVersion); n += 1) textVersion = `${today}.${n}`;
    const text: StoredText = {
      ...draft,
      textVersion,
      publishedAt: now,
      publishedBy: staff.userId,
      changeNote,
      // A staff-made page has no template; its versions count from its own first one.
      templateVersion: template?.version ?? textVersion,
    };
    const entry = auditEntry(
      staff,
      {
        service: 'content',
        entity: 'page',
        entityId: slug,
        label: draft.title,
        action: 'publish',
        changes: [{ field: 'textVersion', before: current?.textVersion ?? null, after: textVersion }, ...changes],
        reason: changeNote,
      },
      now,
    );
    // The first publication keeps the template as the first version: orders placed before refer to it.
    const texts = record.texts?.length || !template ? [text] : [this.deps.pages.templateText(template), text];
    return this.write(source, version, {
      $set: { draft: null },
      $push: { texts: { $each: texts }, auditOutbox: entry },
      $inc: { version: 1 },
    });
  }

  /**
   * One single-document write on `version` (creating the record on the first one). A record that
   * moved on matches nothing; creating one that exists meanwhile hits the unique slug: both 409.
   */
  private async write({ slug, template }: Source, version: number, update: Record<string, unknown>): Promise<AdminPageDetail> {
    try {
      // Only a fixed page is created by its first write; a staff-made page exists from `create` on.
      const updated = await this.records
        .findOneAndUpdate({ slug, version }, update, { upsert: version === 0 && template !== null, returnDocument: 'after' })
        .lean<StoredPage>();
      if (!updated) throw new StaleVersionError(STALE_EDIT_MESSAGE);
      this.deps.pages.invalidate();
      this.deps.relay.kick();
      return this.detail({ slug, template, record: updated });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new StaleVersionError(STALE_EDIT_MESSAGE);
      throw error;
    }
  }
}
