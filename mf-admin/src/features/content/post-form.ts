import { z } from 'zod';
import { PostFields, type AdminPost, type PostInput } from '@shop/contracts/admin';
import { germanSlug } from '@shop/catalog-rules';

/**
 * The post editor's fields as the browser holds them (text for every optional field, the
 * publication time as a `datetime-local` value in the browser's time zone). Required fields are
 * checked with the contract's own rules and German messages; the service checks everything again.
 */
export const PostFormValues = z.object({
  title: PostFields.shape.title,
  slug: PostFields.shape.slug,
  excerpt: PostFields.shape.excerpt,
  body: PostFields.shape.body,
  author: PostFields.shape.author,
  categorySlug: z.string(),
  coverImage: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  publishedAt: z.string(),
});
export type PostFormValues = z.infer<typeof PostFormValues>;

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a `datetime-local` value in the browser's time zone ('' for none). */
function localDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formValuesOf(post: AdminPost | null, author: string): PostFormValues {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    body: post?.body ?? '',
    author: post?.author ?? author,
    categorySlug: post?.categorySlug ?? '',
    coverImage: post?.coverImage ?? '',
    seoTitle: post?.seoTitle ?? '',
    seoDescription: post?.seoDescription ?? '',
    publishedAt: localDateTime(post?.publishedAt ?? null),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The form's values as the API takes them, with the status the pressed button chose. */
export function postInputOf(values: PostFormValues, status: PostInput['status']): PostInput {
  return {
    title: values.title,
    slug: values.slug,
    excerpt: values.excerpt,
    body: values.body,
    author: values.author,
    categorySlug: orNull(values.categorySlug),
    coverImage: orNull(values.coverImage),
    seoTitle: orNull(values.seoTitle),
    seoDescription: orNull(values.seoDescription),
    status,
    publishedAt: values.publishedAt ? new Date(values.publishedAt).toISOString() : null,
  };
}

/** A slug proposed from a title: German letters transliterated ('Über' → 'ueber'), words joined by hyphens. */
export function slugOf(title: string): string {
  return germanSlug(title).slice(0, 80).replace(/-$/, '');
}
