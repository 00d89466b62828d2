import type { Connection } from 'mongoose';
import type { ChangeSignal, EdgePurger } from '@shop/service-kit';
import {
  cacheTag,
  LEGAL_TEXT_SLUGS,
  pagePath,
  type InformationPage,
  type LegalText,
  type LegalTextSlug,
  type LegalVersions,
  type PresentationMode,
} from '@shop/contracts';
import { renderPageBody } from '../markdown';
import { Snapshot } from '../snapshot';
import { missingOperatorFields, PLACEHOLDER_PATTERN, type OperatorField } from './operator-settings';
import { fillPlaceholders, pageValues, placeholderValues, type PageValues } from './page-placeholders';
import { PAGE_TEXTS, type PageTemplate } from './page-texts';
import { TERMS_AND_PRIVACY } from './terms-and-privacy';
import { pageModel } from './page.model';

/** Every information and legal page, in the order of the staff list. */
export const PAGE_TEMPLATES: readonly PageTemplate[] = [...PAGE_TEXTS, ...TERMS_AND_PRIVACY];

/** How long the pages are served from memory before they are read again (ms); this instance's own writes show at once. */
export const PAGES_SNAPSHOT_MS = 10_000;

/** A page's text as shown or edited: Markdown with `{{NAME}}` placeholders. */
export interface StoredText {
  textVersion: string;
  title: string;
  description: string;
  body: string;
  publishedAt: Date | null;
  publishedBy: string | null;
  changeNote: string;
  templateVersion: string;
}

/**
 * The information and legal pages as shoppers see them, with the texts staff
 * published in the back office: a page's newest published text, or the template in
 * the code while staff never published one; and the pages staff made themselves, once published
 * and while online. Placeholders are filled with the operator's settings
 * and the shop's figures when shown. Served from a snapshot read again after PAGES_SNAPSHOT_MS.
 */
export class InformationPages {
  readonly values: PageValues;
  /** The values of each presentation mode: they differ in the 'Über uns' page's note on how the shop presents its products. */
  private readonly valuesByMode: Record<PresentationMode, PageValues>;
  private readonly incompleteSettings: boolean;
  private readonly snapshot: Snapshot<Map<string, { text: StoredText; page: Record<PresentationMode, InformationPage>; custom: boolean }>>;

  constructor(
    private readonly db: Connection,
    env: Partial<Record<OperatorField, string | undefined>>,
    now: () => Date,
    changes: Pick<ChangeSignal, 'announce' | 'subscribe'>,
    edge?: Pick<EdgePurger, 'purge'>,
  ) {
    this.valuesByMode = { factual: pageValues(env, 'factual'), marketing: pageValues(env, 'marketing') };
    this.values = this.valuesByMode.factual;
    this.incompleteSettings = missingOperatorFields(env).length > 0;
    this.snapshot = new Snapshot(() => this.load(), PAGES_SNAPSHOT_MS, now, {
      changes,
      topic: 'pages',
      // Hard: a legal text replaced is never handed out again, not even stale while the gateways are down.
      edge: edge && { purger: edge, tags: [cacheTag.pages], mode: 'hard' },
    });
  }

  /** The template of a page as its first text: placeholders instead of the operator's details. */
  templateText(template: PageTemplate): StoredText {
    return {
      textVersion: template.version,
      title: template.title,
      description: template.description,
      body: template.body(placeholderValues(this.values)),
      publishedAt: null,
      publishedBy: null,
      changeNote: 'Erste Fassung (Vorlage des Shops)',
      templateVersion: template.version,
    };
  }

  /** The text shoppers see now: the newest published one, else the template; null for a staff-made page never published. */
  currentText(template: PageTemplate, record: { texts?: readonly StoredText[] | null } | null): StoredText;
  currentText(template: PageTemplate | null, record: { texts?: readonly StoredText[] | null } | null): StoredText | null;
  currentText(template: PageTemplate | null, record: { texts?: readonly StoredText[] | null } | null): StoredText | null {
    return record?.texts?.at(-1) ?? (template ? this.templateText(template) : null);
  }

  /** Markdown with placeholders as the shop shows it in presentation `mode`: filled, rendered, sanitised. */
  render(body: string, mode: PresentationMode = 'factual'): { html: string; incomplete: boolean } {
    const filled = fillPlaceholders(body, this.valuesByMode[mode]);
    return {
      html: renderPageBody(filled),
      incomplete: this.incompleteSettings && new RegExp(PLACEHOLDER_PATTERN.source).test(filled),
    };
  }

  private page(slug: string, custom: boolean, text: StoredText) {
    const shown = (mode: PresentationMode): InformationPage => ({
      slug,
      path: pagePath(slug, custom),
      title: text.title,
      description: fillPlaceholders(text.description, this.values),
      version: text.textVersion,
      ...this.render(text.body, mode),
    });
    return { text, custom, page: { factual: shown('factual'), marketing: shown('marketing') } };
  }

  /** Every fixed page, and every staff-made page that is published and online. */
  private async load() {
    const records = await pageModel(this.db)
      .find({}, { slug: 1, texts: 1, custom: 1, offline: 1 })
      .lean<Array<{ slug: string; texts?: StoredText[]; custom?: boolean; offline?: boolean }>>();
    const bySlug = new Map(records.map((record) => [record.slug, record]));
    const fixed = PAGE_TEMPLATES.map((template) => {
      const text = this.currentText(template, bySlug.get(template.slug) ?? null);
      return [template.slug, this.page(template.slug, false, text)] as const;
    });
    const custom = records
      .filter((record) => record.custom && !record.offline && record.texts?.length)
      .map((record) => [record.slug, this.page(record.slug, true, record.texts!.at(-1)!)] as const);
    return new Map([...fixed, ...custom]);
  }

  /** After a write of pages: every instance reads them afresh (this one at once). */
  changed(): Promise<void> {
    return this.snapshot.changed();
  }

  /** A page shoppers can open, as shown in presentation `mode`, or null. */
  async get(slug: string, mode: PresentationMode): Promise<InformationPage | null> {
    return (await this.snapshot.get()).get(slug)?.page[mode] ?? null;
  }

  /** The staff-made pages shoppers can open, with the time their text was published (page heads, sitemap). */
  async customPages(): Promise<Array<{ page: InformationPage; publishedAt: Date }>> {
    return [...(await this.snapshot.get()).values()]
      .filter((entry) => entry.custom)
      .map((entry) => ({ page: entry.page.factual, publishedAt: entry.text.publishedAt! }));
  }

  /**
   * A legal text exactly as published under `version` (the one an order refers to), filled with
   * the operator's details and rendered as the page shows it; null when the page never had that
   * version. Published are the texts staff published (the first keeps the template it replaced)
   * and the template's texts shoppers saw before: its earlier wordings, and the current one while
   * staff never published. Read from the database, not the snapshot: older versions are not kept there.
   */
  async legalText(slug: LegalTextSlug, version: string): Promise<LegalText | null> {
    const template = PAGE_TEMPLATES.find((candidate) => candidate.slug === slug)!;
    const record = await pageModel(this.db).findOne({ slug }, { texts: 1 }).lean<{ texts?: StoredText[] }>();
    const stored = record?.texts ?? [];
    const replaced = stored[0]?.templateVersion;
    const fromCode = [...(template.earlier ?? []), template]
      .filter((wording) => replaced === undefined || wording.version <= replaced)
      .map((wording) => this.templateText({ ...template, ...wording }));
    const text = [...stored, ...fromCode].find((candidate) => candidate.textVersion === version);
    return text ? { slug, title: text.title, version: text.textVersion, html: this.render(text.body).html } : null;
  }

  /** The versions of the texts an order refers to. */
  async legalVersions(): Promise<LegalVersions> {
    const pages = await this.snapshot.get();
    return {
      terms: pages.get(LEGAL_TEXT_SLUGS.terms)!.text.textVersion,
      withdrawal: pages.get(LEGAL_TEXT_SLUGS.withdrawal)!.text.textVersion,
      privacy: pages.get(LEGAL_TEXT_SLUGS.privacy)!.text.textVersion,
    };
  }
}
