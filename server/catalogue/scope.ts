// The listing a facet count runs within, from what the client names: a channel by its slug
// (NOT_FOUND when the caller may not see it), the caller's favourites or one of the caller's
// collections (signed in only; another user's collection is NOT_FOUND, as in library.ts).
import { TRPCError } from '@trpc/server';

import type { AppDeps } from '../context.ts';
import { channelHeader } from './details.ts';
import type { ListingScope, Viewer } from './filters.ts';
import { ownCollection } from './library.ts';

export interface ScopeRequest {
  slug?: string;
  favourites?: boolean;
  collectionId?: string;
}

export async function resolveScope(
  deps: AppDeps,
  request: ScopeRequest,
  viewer: Viewer,
): Promise<ListingScope> {
  const scope: ListingScope = {};
  if (request.slug) scope.channelId = (await channelHeader(deps, request.slug, viewer)).id;
  if (request.favourites || request.collectionId) {
    if (!viewer.userId) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to see your own lists.' });
    }
    if (request.favourites) scope.favouritesOf = viewer.userId;
    if (request.collectionId) {
      await ownCollection(deps, viewer.userId, request.collectionId);
      scope.collectionId = request.collectionId;
    }
  }
  return scope;
}
