import type { InformationPage, InformationPageSlug, LegalVersions } from '@shop/contracts';
import { renderPageBody } from '../markdown';
import { missingOperatorFields, operatorDetails, PLACEHOLDER_PATTERN, type OperatorField } from './operator-settings';
import { PAGE_TEXTS, type PageText } from './page-texts';
import { TERMS_AND_PRIVACY } from './terms-and-privacy';

const ALL_TEXTS: PageText[] = [...PAGE_TEXTS, ...TERMS_AND_PRIVACY];

/**
 * The information and legal pages, rendered once at start from the operator settings (they
 * change only with a restart). Pages that name a missing detail are marked `incomplete`.
 */
export class InformationPages {
  private readonly pages: Map<string, InformationPage>;

  constructor(env: Partial<Record<OperatorField, string | undefined>>) {
    const details = operatorDetails(env);
    const incomplete = missingOperatorFields(env).length > 0;
    this.pages = new Map(
      ALL_TEXTS.map((text) => {
        const markdownText = text.body(details);
        const page: InformationPage = {
          slug: text.slug as InformationPageSlug,
          title: text.title,
          description: text.description,
          version: text.version,
          html: renderPageBody(markdownText),
          incomplete: incomplete && new RegExp(PLACEHOLDER_PATTERN.source).test(markdownText),
        };
        return [text.slug, page];
      }),
    );
  }

  get(slug: InformationPageSlug): InformationPage | null {
    return this.pages.get(slug) ?? null;
  }

  /** The versions of the texts an order refers to. */
  legalVersions(): LegalVersions {
    return {
      terms: this.pages.get('agb')!.version,
      withdrawal: this.pages.get('widerrufsbelehrung')!.version,
      privacy: this.pages.get('datenschutz')!.version,
    };
  }
}
