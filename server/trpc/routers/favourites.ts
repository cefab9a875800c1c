// favourites.*: the signed-in user's favourite videos and clips, listed whole or searched
// like any catalogue listing.
import {
  listFavourites,
  searchFavouriteClips,
  searchFavouriteVideos,
  toggleFavourite,
} from '../../catalogue/library.ts';
import { favouriteToggleInputSchema, searchInputSchema } from '../../contracts/catalogue.ts';
import { createTrpcRouter, userProcedure } from '../init.ts';

export const favouritesRouter = createTrpcRouter({
  list: userProcedure.query(({ ctx }) => listFavourites(ctx.deps, ctx.user.id)),
  searchVideos: userProcedure
    .input(searchInputSchema)
    .query(({ ctx, input }) => searchFavouriteVideos(ctx.deps, ctx.user.id, input)),
  searchClips: userProcedure
    .input(searchInputSchema)
    .query(({ ctx, input }) => searchFavouriteClips(ctx.deps, ctx.user.id, input)),
  toggle: userProcedure
    .input(favouriteToggleInputSchema)
    .mutation(({ ctx, input }) => toggleFavourite(ctx.deps, ctx.user.id, input)),
});
