// catalogue.*: search, one video, similar items, facets, index progress and channel pages.
// Public procedures: signed-out callers see public videos, members see members' videos too,
// owners their private ones (the access condition lives in server/catalogue/filters.ts).
// The calls that run a search are rate-limited for signed-out callers (searchProcedure).
import { channelHeader, facetCounts, similarItems, videoDetail } from '../../catalogue/details.ts';
import { cachedIndexStatus } from '../../catalogue/indexer.ts';
import { resolveScope } from '../../catalogue/scope.ts';
import { searchClips, searchVideos } from '../../catalogue/search.ts';
import {
  channelInputSchema,
  channelVideosInputSchema,
  facetsInputSchema,
  searchInputSchema,
  similarInputSchema,
  videoInputSchema,
} from '../../contracts/catalogue.ts';
import { createTrpcRouter, publicProcedure, searchProcedure } from '../init.ts';

export const catalogueRouter = createTrpcRouter({
  searchVideos: searchProcedure
    .input(searchInputSchema)
    .query(({ ctx, input }) => searchVideos(ctx.deps, input, { userId: ctx.user?.id ?? null })),

  searchClips: searchProcedure
    .input(searchInputSchema)
    .query(({ ctx, input }) => searchClips(ctx.deps, input, { userId: ctx.user?.id ?? null })),

  video: publicProcedure
    .input(videoInputSchema)
    .query(({ ctx, input }) =>
      videoDetail(ctx.deps, input.videoId, { userId: ctx.user?.id ?? null }),
    ),

  similar: searchProcedure
    .input(similarInputSchema)
    .query(({ ctx, input }) => similarItems(ctx.deps, input, { userId: ctx.user?.id ?? null })),

  facets: searchProcedure.input(facetsInputSchema).query(async ({ ctx, input }) => {
    const viewer = { userId: ctx.user?.id ?? null };
    const { slug, favourites, collectionId, ...filters } = input;
    // within a listing (a channel, favourites, a collection) the counts are that listing's
    const scope = await resolveScope(ctx.deps, { slug, favourites, collectionId }, viewer);
    return facetCounts(ctx.deps, { ...filters, ...scope }, viewer);
  }),

  indexStatus: publicProcedure.query(({ ctx }) => cachedIndexStatus(ctx.deps)),

  channel: publicProcedure.input(channelInputSchema).query(async ({ ctx, input }) => {
    const { id: _id, ...header } = await channelHeader(ctx.deps, input.slug, {
      userId: ctx.user?.id ?? null,
    });
    return header;
  }),

  channelVideos: searchProcedure.input(channelVideosInputSchema).query(async ({ ctx, input }) => {
    const viewer = { userId: ctx.user?.id ?? null };
    const { slug, ...filters } = input;
    const channel = await channelHeader(ctx.deps, slug, viewer);
    return searchVideos(ctx.deps, { ...filters, channelId: channel.id }, viewer, {
      fallbackSort: 'premiereDate',
    });
  }),
});
