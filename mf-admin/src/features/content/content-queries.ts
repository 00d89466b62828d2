import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminPostListQuery } from '@shop/contracts/admin';
import { contentApi } from '../../api/content-api';

/** The content screens' server state: blog posts and pages, their keys in one place (docs/architecture.md: a queryOptions factory per slice). */
export const contentKeys = {
  /** Every page of the post list. */
  posts: ['admin-posts'] as const,
  postList: (query: Partial<AdminPostListQuery>) => [...contentKeys.posts, query] as const,
  post: (id: string) => ['admin-post', id] as const,
  pages: ['admin-pages'] as const,
  page: (slug: string) => ['admin-page', slug] as const,
};

export const contentQueries = {
  /** One page of the post list; a new filter or page keeps showing the previous one until it arrives. */
  posts: (query: Partial<AdminPostListQuery>) =>
    queryOptions({ queryKey: contentKeys.postList(query), queryFn: () => contentApi.posts(query), placeholderData: keepPreviousData }),
  post: (id: string) => queryOptions({ queryKey: contentKeys.post(id), queryFn: () => contentApi.post(id) }),
  pages: () => queryOptions({ queryKey: contentKeys.pages, queryFn: contentApi.pages }),
  page: (slug: string) => queryOptions({ queryKey: contentKeys.page(slug), queryFn: () => contentApi.page(slug) }),
};
