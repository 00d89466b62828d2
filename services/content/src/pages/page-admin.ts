import type { Connection, UpdateQuery } from 'mongoose';
import type {
  AdminPageDetail,
  AuditChange,
  AuditEntry,
  PageCreateBody,
  PageDraftBody,
  PageVisibilityBody,
  PagePublishBody,
  PageText,
} from '@shop/contracts/admin';
import { isoDateInBerlin } from '@shop/format';
import {
  auditEntry,
  auditText,
  changedFields,
  checkVersion,
  ConflictError,
  FieldError,
  versionedCreate,
  versionedUpdate,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import { PAGE_TEMPLATES, type InformationPages, type StoredText } from './information-pages';
import { unknownPlaceholders } from './page-placeholders';
import { pageModel, type PageRecord } from './page.model';
import type { AdminPageQueries, Source, StoredPage } from './admin-page-queries';

const TEXT_FIELDS = ['title', 'description', 'body'] as const;

const SLUG_TAKEN = 'Diese Adresse hat schon eine andere Seite. Bitte wählen Sie eine andere.';

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

/**
 * Staff editing of the information and legal pages (versioned legal texts, legal-de
 * 4.6, 4.7): a draft that shoppers do not see, saved on a version (409 otherwise), and publishing
 * it as a new text version dated today (Europe/Berlin) with a note of what changed. Published
 * texts are never changed or removed: orders refer to their `textVersion`. The first publication
 * keeps the code's template as the page's first version. Staff also make pages of their own
 * (shown at /seite/{slug} once published, and taken offline or back online). Every write is
 * audited through the page's outbox.
 */
export class PageAdmin {
  constructor(
    private readonly deps: { db: Connection; pages: InformationPages; queries: AdminPageQueries; relay: AuditRelay; now: () => Date },
  ) {}

  private get records() {
    return pageModel(this.deps.db);
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
    const created = await versionedCreate(this.records, {
      record: { slug, custom: true, draft: { ...draft, savedAt: now, savedBy: staff.userId } },
      audit: entry,
      takenMessage: SLUG_TAKEN,
      relay: this.deps.relay,
    });
    return this.deps.queries.detail({ slug, template: null, record: created as unknown as StoredPage });
  }

  /**
   * Takes a staff-made page offline (its address answers 404) or back online.
   * @throws NotFoundError; ConflictError (409) for a fixed page or one never published; StaleVersionError (409).
   */
  async setVisibility(staff: ShopIdentity, slug: string, { version, online }: PageVisibilityBody): Promise<AdminPageDetail> {
    const source = await this.deps.queries.source(slug);
    if (source.template) throw new ConflictError('Die festen Seiten des Shops bleiben immer erreichbar.');
    if (!source.record?.texts?.length) throw new ConflictError('Die Seite ist noch nicht veröffentlicht.');
    const entry = auditEntry(
      staff,
      {
        service: 'content',
        entity: 'page',
        entityId: slug,
        label: this.deps.queries.summary(source).title,
        action: online ? 'online' : 'offline',
        changes: changedFields({ online: !source.record.offline }, { online }, ['online']),
      },
      this.deps.now(),
    );
    return this.write(source, version, { $set: { offline: !online } }, entry);
  }

  /**
   * Saves the draft made on `version`; shoppers keep seeing the published text.
   * @throws NotFoundError; FieldError (400) for an unknown placeholder; StaleVersionError (409).
   */
  async saveDraft(staff: ShopIdentity, slug: string, { version, draft }: PageDraftBody): Promise<AdminPageDetail> {
    checkPlaceholders(draft);
    const source = await this.deps.queries.source(slug);
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
    return this.write(source, version, { $set: { draft: { ...draft, savedAt: this.deps.now(), savedBy: staff.userId } } }, entry);
  }

  /** Drops the draft made on `version`. @throws NotFoundError; StaleVersionError (409). */
  async discardDraft(staff: ShopIdentity, slug: string, version: number): Promise<AdminPageDetail> {
    const source = await this.deps.queries.source(slug);
    const { record } = source;
    if (!record?.draft) return this.deps.queries.detail(source);
    const entry = auditEntry(
      staff,
      { service: 'content', entity: 'page', entityId: slug, label: record.draft.title, action: 'discard-draft', changes: [] },
      this.deps.now(),
    );
    return this.write(source, version, { $set: { draft: null } }, entry);
  }

  /**
   * Publishes the saved draft as the page's new text version ('Stand' = today in Germany; a second
   * publication the same day gets '.2'). Shoppers and new orders get it at once.
   * @throws NotFoundError; ConflictError (409) without a draft or when it equals the published
   *   text; StaleVersionError (409).
   */
  async publish(staff: ShopIdentity, slug: string, { version, changeNote }: PagePublishBody): Promise<AdminPageDetail> {
    const source = await this.deps.queries.source(slug);
    const { template, record } = source;
    checkVersion(record ?? {}, version);
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
    return this.write(source, version, { $set: { draft: null }, $push: { texts: { $each: texts } } }, entry);
  }

  /**
   * One versioned write on `version` (creating the record on the first one). A record that moved
   * on matches nothing; creating one that exists meanwhile hits the unique slug: both 409.
   */
  private async write(
    { slug, template }: Source,
    version: number,
    update: UpdateQuery<PageRecord>,
    audit: AuditEntry,
  ): Promise<AdminPageDetail> {
    const updated = await versionedUpdate(this.records, {
      filter: { slug },
      expectedVersion: version,
      update,
      audit,
      // Only a fixed page is created by its first write; a staff-made page exists from `create` on.
      upsert: version === 0 && template !== null,
      relay: this.deps.relay,
    });
    await this.deps.pages.changed();
    return this.deps.queries.detail({ slug, template, record: updated as unknown as StoredPage });
  }
}
