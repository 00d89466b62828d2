import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasCode } from '@shop/api-client';
import { PageText, STALE_EDIT_MESSAGE, type AdminPageDetail } from '@shop/contracts/admin';
import { formatDateTime } from '@shop/format';
import { Button, Notice } from '@shop/ui';
import { applyServerIssues, TextField } from '@shop/ui/form';
import { showToast, useSeo } from '@shop/shell-api';
import { contentApi } from '../../api/content-api';
import { apiErrorText } from '../../lib/api-error-text';
import { ActionField, ActionForm, InputError } from '../../components/action-form';
import { MarkdownBodyField } from './editor-fields';
import { PAGE_KIND_LABELS, versionText } from './content-labels';
import { QueryState } from '../../components/query-state';
import { contentKeys, contentQueries } from './content-queries';

const SERVER_FIELDS = { 'draft/title': 'title', 'draft/description': 'description', 'draft/body': 'body' } as const;

/** The text the editor starts from: the saved draft, else the published text (only the editable fields: PageText is strict). */
function startingText(page: AdminPageDetail): PageText {
  const { title, description, body } = page.draft ?? page.current ?? { title: '', description: '', body: '' };
  return { title, description, body };
}

function Versions({ page }: { page: AdminPageDetail }) {
  if (!page.current) return null;
  const versions = [page.current, ...page.history];
  return (
    <details className="admin-panel">
      <summary>Fassungen ({versions.length})</summary>
      <ol className="admin-versions">
        {versions.map((version, index) => (
          <li key={version.textVersion}>
            <p>
              <strong>{versionText(version.textVersion)}</strong>
              {index === 0 && ' (aktuell im Shop)'}: {version.changeNote}
              {version.publishedAt && (
                <span className="admin-table__sub">veröffentlicht {formatDateTime(new Date(version.publishedAt))}</span>
              )}
            </p>
            <details>
              <summary>Text dieser Fassung</summary>
              <pre className="admin-versions__text">{version.body}</pre>
            </details>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** A staff-made page goes offline (its address answers 'not found') or back online. */
function Visibility({ page, onChange }: { page: AdminPageDetail; onChange: (next: AdminPageDetail) => void }) {
  const toggle = async () => {
    const next = await contentApi.setVisibility(page.slug, { version: page.version, online: !page.online });
    onChange(next);
    showToast({ title: next.online ? 'Seite ist wieder online' : 'Seite ist offline', variant: 'success' });
  };
  return (
    <ActionForm
      key={`visibility-${page.version}`}
      legend={page.online ? 'Seite offline nehmen' : 'Seite wieder online stellen'}
      submitLabel={page.online ? 'Offline nehmen' : 'Wieder online stellen'}
      confirm={page.online ? `${page.path} offline nehmen? Besucher sehen dann „Seite nicht gefunden“.` : undefined}
      onSubmit={toggle}
    />
  );
}

/**
 * The editor of one information or legal page: the draft (title, description, Markdown with
 * placeholders) saved on a version, and publishing it as a new dated text version with a note.
 */
function PageEditor({ page }: { page: AdminPageDetail }) {
  const queryClient = useQueryClient();
  const [stale, setStale] = useState(false);
  const form = useForm<PageText>({ defaultValues: startingText(page), resolver: zodResolver(PageText) });
  // Read while rendering: react-hook-form tracks `isDirty` only for a form that reads it there.
  const unsaved = form.formState.isDirty;
  useEffect(() => form.reset(startingText(page)), [page, form]);
  const update = (next: AdminPageDetail) => {
    queryClient.setQueryData(contentKeys.page(next.slug), next);
    void queryClient.invalidateQueries({ queryKey: contentKeys.pages });
  };
  const failed = (error: unknown) => {
    if (hasCode(error, 'STALE_VERSION')) setStale(true);
    else if (!applyServerIssues(form, error, SERVER_FIELDS))
      showToast({ title: 'Speichern fehlgeschlagen', description: apiErrorText(error), variant: 'destructive' });
  };

  const saveDraft = form.handleSubmit(async (draft) => {
    try {
      update(await contentApi.saveDraft(page.slug, { version: page.version, draft }));
      showToast({ title: 'Entwurf gespeichert', description: 'Im Shop gilt weiter die veröffentlichte Fassung.', variant: 'success' });
    } catch (error) {
      failed(error);
    }
  });
  const discard = async () => {
    if (!window.confirm('Den Entwurf verwerfen? Ihre Änderungen gehen verloren.')) return;
    try {
      update(await contentApi.discardDraft(page.slug, page.version));
      showToast({ title: 'Entwurf verworfen' });
    } catch (error) {
      failed(error);
    }
  };
  const publish = async (data: FormData) => {
    if (unsaved) throw new InputError('Bitte speichern Sie zuerst den Entwurf; veröffentlicht wird der gespeicherte Entwurf.');
    const next = await contentApi.publishPage(page.slug, { version: page.version, changeNote: String(data.get('changeNote') ?? '') });
    update(next);
    showToast({ title: 'Neue Fassung veröffentlicht', description: versionText(next.textVersion), variant: 'success' });
  };

  return (
    <>
      {stale && (
        <Notice tone="warning" role="alert">
          {STALE_EDIT_MESSAGE}{' '}
          <Button
            variant="secondary"
            onClick={() => {
              setStale(false);
              void queryClient.invalidateQueries({ queryKey: contentKeys.page(page.slug) });
            }}
          >
            Neu laden
          </Button>
        </Notice>
      )}
      {page.templateNewer && (
        <Notice tone="warning" role="status">
          Die Vorlage dieser Seite im Code wurde nach Ihrer letzten Veröffentlichung geändert. Bitte vergleichen Sie beide Fassungen.
        </Notice>
      )}
      <p>
        {PAGE_KIND_LABELS[page.kind]} unter {page.online ? <Link to={page.path}>{page.path}</Link> : page.path}, im Shop:{' '}
        {versionText(page.textVersion)}
        {page.kind === 'custom' && page.textVersion && !page.online && ' (offline)'}.
        {page.draft && <> Entwurf gespeichert am {formatDateTime(new Date(page.draft.savedAt))}.</>}
      </p>
      <FormProvider {...form}>
        <form className="admin-form" noValidate onSubmit={(event) => void saveDraft(event)}>
          <fieldset className="admin-fieldset">
            <legend>Entwurf</legend>
            <TextField<PageText> name="title" label="Titel" required />
            <TextField<PageText> name="description" label="Beschreibung (für Suchmaschinen)" multiline rows={2} required />
            <MarkdownBodyField
              kind="page"
              hint="Markdown. Angaben des Betreibers und Zahlen des Shops über Platzhalter (Liste unten), damit sie aktuell bleiben."
            />
            <details className="admin-panel">
              <summary>Platzhalter</summary>
              <dl className="admin-facts">
                {page.placeholders.map((placeholder) => (
                  <div key={placeholder.token}>
                    <dt>
                      <code>{placeholder.token}</code>
                    </dt>
                    <dd>{placeholder.label}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </fieldset>
          <div className="admin-form__actions">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Entwurf speichern
            </Button>
            {page.draft && (
              <Button variant="secondary" onClick={() => void discard()}>
                Entwurf verwerfen
              </Button>
            )}
            <Link to="/admin/content">Zur Übersicht</Link>
          </div>
        </form>
      </FormProvider>
      {page.draft && (
        <ActionForm
          key={page.version}
          legend="Entwurf veröffentlichen"
          submitLabel="Als neue Fassung veröffentlichen"
          confirm="Den Entwurf jetzt als neue Fassung veröffentlichen? Neue Bestellungen beziehen sich ab sofort auf sie."
          onSubmit={publish}
        >
          <ActionField
            name="changeNote"
            label="Was hat sich geändert?"
            hint="Kurz für das Protokoll und die Liste der Fassungen, z. B. „Widerrufsfrist ergänzt“."
            autoComplete="off"
          />
        </ActionForm>
      )}
      {page.kind === 'custom' && page.textVersion && <Visibility page={page} onChange={update} />}
      <Versions page={page} />
    </>
  );
}

/**
 * /admin/content/edit/{id} and /admin/content/simple-edit/{id} (spec §2): a page by its slug (a
 * fixed information or legal page, or a staff-made one), with drafts and versions.
 */
export function PageEditPage() {
  const { id = '' } = useParams();
  const page = useQuery(contentQueries.page(id));
  useSeo({ title: 'Inhalt bearbeiten', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page admin-page">
      <h1>{page.data ? `Seite „${page.data.title}“` : 'Inhalt bearbeiten'}</h1>
      <QueryState query={page} loading="Seite wird geladen…" failed="Die Seite konnte nicht geladen werden.">
        {(data) => <PageEditor page={data} />}
      </QueryState>
    </section>
  );
}
