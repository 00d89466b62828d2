import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasCode } from '@shop/api-client';
import { CATEGORY_DEFINITIONS, mediaSrcSet } from '@shop/contracts';
import { STALE_EDIT_MESSAGE, type AdminPost, type PostInput } from '@shop/contracts/admin';
import { formatDateTime } from '@shop/format';
import { href } from '@shop/routes';
import { Button, Notice } from '@shop/ui';
import { applyServerIssues, SelectField, TextField } from '@shop/ui/form';
import { showToast, useSeo, useSession } from '@shop/shell-api';
import { contentApi } from '../../api/content-api';
import { apiErrorText } from '../../lib/api-error-text';
import { changedValues } from '../../lib/changed-values';
import { MarkdownBodyField, TitleAndSlugFields } from './editor-fields';
import { MediaPicker } from '../../components/media-picker';
import { POST_STATE_LABELS } from './content-labels';
import { formValuesOf, postInputOf, PostFormValues } from './post-form';
import { QueryState } from '../../components/query-state';
import { contentKeys, contentQueries } from './content-queries';

/** Server field names → form fields (a create reports 'body/x', a change 'body/changes/x'). */
const SERVER_FIELDS = Object.fromEntries(
  (Object.keys(PostFormValues.shape) as Array<keyof PostFormValues>).flatMap((field) => [
    [field, field],
    [`changes/${field}`, field],
  ]),
) as Record<string, keyof PostFormValues>;

const CATEGORY_OPTIONS = [
  { value: '', label: 'Keine (allgemeiner Beitrag)' },
  ...CATEGORY_DEFINITIONS.map((category) => ({ value: category.slug, label: category.name })),
];

type Intent = 'save' | 'publish' | 'unpublish';

/** Create or change one post; `post` null creates. The pressed button decides the status. */
function PostEditor({ post }: { post: AdminPost | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [stale, setStale] = useState(false);
  const author = user ? `${user.firstName} ${user.lastName ?? ''}`.trim() : '';
  const form = useForm<PostFormValues>({ defaultValues: formValuesOf(post, author), resolver: zodResolver(PostFormValues) });
  useEffect(() => form.reset(formValuesOf(post, author)), [post, form, author]);
  const live = post?.state === 'published' || post?.state === 'scheduled';
  const coverImage = form.watch('coverImage');

  const save = (intent: Intent) =>
    form.handleSubmit(async (values) => {
      const status: PostInput['status'] = intent === 'publish' ? 'published' : intent === 'unpublish' ? 'draft' : (post?.status ?? 'draft');
      const input = postInputOf(values, status);
      try {
        if (!post) {
          const created = await contentApi.createPost(input);
          queryClient.setQueryData(contentKeys.post(created.id), created);
          showToast({ title: status === 'published' ? 'Beitrag veröffentlicht' : 'Entwurf gespeichert', variant: 'success' });
          navigate(href('/admin/content/blog/edit/:id', { id: created.id }), { replace: true });
        } else {
          const changes = changedValues(postInputOf(formValuesOf(post, author), post.status), input);
          if (!Object.keys(changes).length) {
            showToast({ title: 'Keine Änderungen zu speichern' });
            return;
          }
          const saved = await contentApi.changePost(post.id, { version: post.version, changes });
          queryClient.setQueryData(contentKeys.post(saved.id), saved);
          showToast({
            title:
              intent === 'publish' ? 'Beitrag veröffentlicht' : intent === 'unpublish' ? 'Beitrag zurückgezogen' : 'Beitrag gespeichert',
            variant: 'success',
          });
        }
        void queryClient.invalidateQueries({ queryKey: contentKeys.posts });
      } catch (error) {
        if (hasCode(error, 'STALE_VERSION')) setStale(true);
        else if (!applyServerIssues(form, error, SERVER_FIELDS))
          showToast({ title: 'Speichern fehlgeschlagen', description: apiErrorText(error), variant: 'destructive' });
      }
    });

  const reload = async () => {
    if (!post) return;
    setStale(false);
    await queryClient.invalidateQueries({ queryKey: contentKeys.post(post.id) });
  };

  return (
    <FormProvider {...form}>
      <form className="admin-form" noValidate onSubmit={(event) => void save('save')(event)}>
        {stale && (
          <Notice tone="warning" role="alert">
            {STALE_EDIT_MESSAGE}{' '}
            <Button variant="secondary" onClick={() => void reload()}>
              Neu laden
            </Button>
          </Notice>
        )}
        {post && (
          <p className="admin-form__status">
            Status: <strong>{POST_STATE_LABELS[post.state]}</strong>
            {post.publishedAt && post.state !== 'draft' && <> seit {formatDateTime(new Date(post.publishedAt))}</>}
            {post.state === 'published' && (
              <>
                {' · '}
                <Link to={href('/randm-tornado-vape-blog/:slug', { slug: post.slug })}>Im Shop ansehen</Link>
              </>
            )}
          </p>
        )}
        <fieldset className="admin-fieldset">
          <legend>Beitrag</legend>
          <TitleAndSlugFields
            proposeSlug={!post}
            slugHint="Der Beitrag erscheint unter /randm-tornado-vape-blog/<Slug>. Nach dem Veröffentlichen möglichst nicht mehr ändern."
          />
          <TextField<PostFormValues> name="excerpt" label="Kurzfassung (Vorschau in der Blogliste)" multiline rows={3} required />
          <MarkdownBodyField
            kind="post"
            hint="Markdown: ## Zwischenüberschrift, **fett**, - Aufzählung, [Linktext](/adresse). Nur sachliche Informationen (legal-de 2.5)."
          />
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Einordnung</legend>
          <SelectField<PostFormValues> name="categorySlug" label="Kategorie (für „Passende Produkte“)" options={CATEGORY_OPTIONS} />
          <TextField<PostFormValues> name="author" label="Autorin oder Autor" required />
          <TextField<PostFormValues>
            name="coverImage"
            label="Titelbild (optional)"
            hint="Ein Bild der Mediathek (/api/media/…): über die Schaltfläche darunter wählen."
            autoComplete="off"
          />
          {coverImage && <img className="admin-cover-preview" src={coverImage} srcSet={mediaSrcSet(coverImage)} sizes="16rem" alt="" />}
          <MediaPicker
            label="Titelbild aus der Mediathek wählen"
            onPick={(asset) => form.setValue('coverImage', asset.url, { shouldDirty: true, shouldValidate: true })}
          />
          <TextField<PostFormValues>
            name="publishedAt"
            label="Veröffentlichen am (optional)"
            hint="Leer: sofort beim Veröffentlichen. Ein späterer Zeitpunkt plant den Beitrag ein."
            type="datetime-local"
          />
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Suchmaschinen (optional)</legend>
          <TextField<PostFormValues> name="seoTitle" label="Seitentitel" hint="Leer: der Titel. Höchstens 70 Zeichen." />
          <TextField<PostFormValues>
            name="seoDescription"
            label="Beschreibung"
            hint="Leer: die Kurzfassung. Höchstens 160 Zeichen."
            multiline
            rows={2}
          />
        </fieldset>
        <div className="admin-form__actions">
          <Button type="submit" variant={live ? 'primary' : 'secondary'} disabled={form.formState.isSubmitting}>
            {live ? 'Änderungen veröffentlichen' : 'Als Entwurf speichern'}
          </Button>
          {!live && (
            <Button disabled={form.formState.isSubmitting} onClick={() => void save('publish')()}>
              Veröffentlichen
            </Button>
          )}
          {live && (
            <Button variant="secondary" disabled={form.formState.isSubmitting} onClick={() => void save('unpublish')()}>
              Zurückziehen (Entwurf)
            </Button>
          )}
          <Link to="/admin/content">Zur Übersicht</Link>
        </div>
      </form>
    </FormProvider>
  );
}

/** /admin/content/blog/new (spec §2): a new blog post. */
export function PostNewPage() {
  useSeo({ title: 'Neuer Blogbeitrag', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page admin-page">
      <h1>Neuer Blogbeitrag</h1>
      <PostEditor post={null} />
    </section>
  );
}

/** /admin/content/blog/edit/{id} (spec §2): change, publish, schedule or withdraw a post. */
export function PostEditPage() {
  const { id = '' } = useParams();
  const post = useQuery(contentQueries.post(id));
  useSeo({ title: 'Blogbeitrag bearbeiten', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page admin-page">
      <h1>{post.data ? `Beitrag „${post.data.title}“` : 'Blogbeitrag bearbeiten'}</h1>
      <QueryState query={post} loading="Beitrag wird geladen…" failed="Der Beitrag konnte nicht geladen werden.">
        {(data) => <PostEditor post={data} />}
      </QueryState>
    </section>
  );
}
