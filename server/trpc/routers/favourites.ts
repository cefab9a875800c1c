// favourites.*: the signed-in user's favourite videos and clips.
import { listFavourites, toggleFavourite } from '../../catalogue/library.ts';
import { favouriteToggleInputSchema } from '../../contracts/catalogue.ts';
import { createTrpcRouter, userProcedure } from '../init.ts';

export const favouritesRouter = createTrpcRouter({
  list: userProcedure.query(({ ctx }) => listFavourites(ctx.deps, ctx.user.id)),
  toggle: userProcedure
    .input(favouriteToggleInputSchema)
    .mutation(({ ctx, input }) => toggleFavourite(ctx.deps, ctx.user.id, input)),
});
