import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { ContentPreviewBody } from '@shop/contracts/admin';
import { FormField, TextField } from '@shop/ui/form';
import { MarkdownEditor } from './markdown-editor';
import { slugOf } from './post-form';

/** The Markdown editor bound to the surrounding react-hook-form form's `body` field (posts and pages). */
export function MarkdownBodyField({ kind, hint }: { kind: ContentPreviewBody['kind']; hint: string }) {
  const { control } = useFormContext<{ body: string }>();
  return (
    <Controller
      control={control}
      name="body"
      render={({ field, fieldState }) => (
        <MarkdownEditor
          kind={kind}
          label="Text"
          hint={hint}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * Title and address (slug) of a new post or page: while `proposeSlug` and until staff edit the
 * address themselves, it follows the title ('Über uns' → 'ueber-uns').
 */
export function TitleAndSlugFields({ slugHint, proposeSlug }: { slugHint: string; proposeSlug: boolean }) {
  const form = useFormContext<{ title: string; slug: string }>();
  const [slugTouched, setSlugTouched] = useState(!proposeSlug);
  const title = form.register('title', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugTouched) form.setValue('slug', slugOf(event.target.value));
    },
  });
  return (
    <>
      <FormField label="Titel" error={form.formState.errors.title?.message}>
        {(control) => <input {...control} required {...title} />}
      </FormField>
      <TextField<{ title: string; slug: string }>
        name="slug"
        label="Adresse (Slug)"
        hint={slugHint}
        autoComplete="off"
        onInput={() => setSlugTouched(true)}
        required
      />
    </>
  );
}
