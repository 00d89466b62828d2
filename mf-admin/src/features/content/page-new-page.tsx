import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CUSTOM_PAGE_PATH } from '@shop/contracts';
import { PageCreateBody, PageText } from '@shop/contracts/admin';
import { href } from '@shop/routes';
import { Button } from '@shop/ui';
import { applyServerIssues, TextField } from '@shop/ui/form';
import { showToast, useSeo } from '@shop/shell-api';
import { contentApi } from '../../api/content-api';
import { apiErrorText } from '../../lib/api-error-text';
import { MarkdownBodyField, TitleAndSlugFields } from './editor-fields';
import { contentKeys } from './content-queries';

const NewPageValues = PageText.extend({ slug: PageCreateBody.shape.slug });
type NewPageValues = PageText & { slug: string };
const SERVER_FIELDS = { slug: 'slug', 'draft/title': 'title', 'draft/description': 'description', 'draft/body': 'body' } as const;

/**
 * /admin/content/simple-new (spec §2): a page of staff's own (e.g. FAQ, payment
 * methods, conditions of a promotion), saved as a draft; the editor it opens in publishes it at
 * /seite/{slug}.
 */
export function PageNewPage() {
  useSeo({ title: 'Neue Seite', robots: 'noindex, nofollow' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<NewPageValues>({
    defaultValues: { slug: '', title: '', description: '', body: '' },
    resolver: zodResolver(NewPageValues),
  });
  const submit = form.handleSubmit(async ({ slug, ...draft }) => {
    try {
      const created = await contentApi.createPage({ slug, draft });
      queryClient.setQueryData(contentKeys.page(created.slug), created);
      void queryClient.invalidateQueries({ queryKey: contentKeys.pages });
      showToast({ title: 'Seite als Entwurf angelegt', description: 'Veröffentlichen Sie sie, wenn sie fertig ist.', variant: 'success' });
      navigate(href('/admin/content/simple-edit/:id', { id: created.slug }), { replace: true });
    } catch (error) {
      if (!applyServerIssues(form, error, SERVER_FIELDS))
        showToast({ title: 'Anlegen fehlgeschlagen', description: apiErrorText(error), variant: 'destructive' });
    }
  });
  return (
    <section className="shop-page admin-page">
      <h1>Neue Seite</h1>
      <FormProvider {...form}>
        <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="admin-fieldset">
            <legend>Seite</legend>
            <TitleAndSlugFields
              proposeSlug
              slugHint={`Die Seite erscheint unter ${CUSTOM_PAGE_PATH}/<Slug>. Später nicht mehr änderbar.`}
            />
            <TextField<NewPageValues> name="description" label="Beschreibung (für Suchmaschinen)" multiline rows={2} required />
            <MarkdownBodyField kind="page" hint="Markdown. Angaben des Betreibers über Platzhalter wie {{OPERATOR_EMAIL}}." />
          </fieldset>
          <div className="admin-form__actions">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Als Entwurf anlegen
            </Button>
            <Link to="/admin/content">Zur Übersicht</Link>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
