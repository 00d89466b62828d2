import type { Connection } from 'mongoose';
import { pagePath } from '@shop/contracts';
import type { AdminPageDetail, AdminPageSummary, PageKind, PageText, PageTextVersion } from '@shop/contracts/admin';
import { NotFoundError } from '@shop/service-kit';
import { PAGE_TEMPLATES, type InformationPages, type StoredText } from './information-pages';
import { PAGE_PLACEHOLDERS } from './page-placeholders';
import type { PageTemplate } from './page-texts';
import { pageModel, type PageRecord } from './page.model';

/** Pages the law asks for (legal-de 4.1, 4.4–4.7, 3.1, 4.17); the rest inform. Both are versioned alike. */
const LEGAL_PAGES = new Set(['impressum', 'agb', 'datenschutz', 'widerrufsbelehrung', 'batterie-hinweise', 'barrierefreiheit']);

// `texts` is missing on a record created by a draft save (an upsert sets no defaults).
export type StoredPage = Omit<PageRecord, 'texts' | 'draft'> & {
  texts?: StoredText[];
  draft: (PageText & { savedAt: Date }) | null;
  custom?: boolean;
  offline?: boolean;
};

/** A page as the admin works on it: a fixed page has its template, a staff-made one none. */
export interface Source {
  slug: string;
  template: PageTemplate | null;
  record: StoredPage | null;
}

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

/** What staff read about the information and legal pages. Changes: PageAdmin. */
export class AdminPageQueries {
  constructor(private readonly deps: { db: Connection; pages: InformationPages }) {}

  private get records() {
    return pageModel(this.deps.db);
  }

  /** A page by its slug: a fixed page (its template, a record once edited) or a staff-made one. @throws NotFoundError. */
  async source(slug: string): Promise<Source> {
    const template = PAGE_TEMPLATES.find((candidate) => candidate.slug === slug) ?? null;
    const record = await this.records.findOne({ slug }, { auditOutbox: 0 }).lean<StoredPage>();
    if (!template && !record?.custom) throw new NotFoundError('Diese Seite gibt es nicht.');
    return { slug, template, record };
  }

  summary({ slug, template, record }: Source): AdminPageSummary {
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

  detail(source: Source): AdminPageDetail {
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
}
