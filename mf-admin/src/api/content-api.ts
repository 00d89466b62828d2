import { apiRequest } from '@shop/api-client';
import {
  AdminPageDetail,
  AdminPageList,
  AdminPost,
  AdminPostListResponse,
  ContentPreview,
  type AdminPostListQuery,
  type ContentPreviewBody,
  type PageCreateBody,
  type PageDraftBody,
  type PagePublishBody,
  type PageVisibilityBody,
  type PostChange,
  type PostInput,
} from '@shop/contracts/admin';
import { queryString } from './query-string';

const post = (id: string) => `/api/admin/content/posts/${encodeURIComponent(id)}`;
const page = (slug: string) => `/api/admin/content/pages/${encodeURIComponent(slug)}`;

/** The content service's staff endpoints (services/content blog/admin-posts.routes.ts, pages/admin-pages.routes.ts, editor/). */
export const contentApi = {
  posts: async (params: Partial<AdminPostListQuery>) =>
    AdminPostListResponse.parse(await apiRequest('GET', `/api/admin/content/posts?${queryString(params)}`)),
  post: async (id: string) => AdminPost.parse(await apiRequest('GET', post(id))),
  createPost: async (input: PostInput) => AdminPost.parse(await apiRequest('POST', '/api/admin/content/posts', input)),
  changePost: async (id: string, change: PostChange) => AdminPost.parse(await apiRequest('PATCH', post(id), change)),
  pages: async () => AdminPageList.parse(await apiRequest('GET', '/api/admin/content/pages')).pages,
  page: async (slug: string) => AdminPageDetail.parse(await apiRequest('GET', page(slug))),
  createPage: async (body: PageCreateBody) => AdminPageDetail.parse(await apiRequest('POST', '/api/admin/content/pages', body)),
  setVisibility: async (slug: string, body: PageVisibilityBody) =>
    AdminPageDetail.parse(await apiRequest('POST', `${page(slug)}/visibility`, body)),
  saveDraft: async (slug: string, body: PageDraftBody) => AdminPageDetail.parse(await apiRequest('PUT', `${page(slug)}/draft`, body)),
  discardDraft: async (slug: string, version: number) =>
    AdminPageDetail.parse(await apiRequest('POST', `${page(slug)}/discard-draft`, { version })),
  publishPage: async (slug: string, body: PagePublishBody) =>
    AdminPageDetail.parse(await apiRequest('POST', `${page(slug)}/publish`, body)),
  preview: async (body: ContentPreviewBody) => ContentPreview.parse(await apiRequest('POST', '/api/admin/content/preview', body)),
};
