// collections.*: the signed-in user's named collections of clips.
import {
  addClipToCollection,
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  removeClipFromCollection,
  renameCollection,
  searchCollectionClips,
} from '../../catalogue/library.ts';
import {
  collectionClipInputSchema,
  collectionCreateInputSchema,
  collectionIdInputSchema,
  collectionRenameInputSchema,
  collectionSearchInputSchema,
} from '../../contracts/catalogue.ts';
import { createTrpcRouter, userProcedure } from '../init.ts';

export const collectionsRouter = createTrpcRouter({
  list: userProcedure.query(({ ctx }) => listCollections(ctx.deps, ctx.user.id)),
  get: userProcedure
    .input(collectionIdInputSchema)
    .query(({ ctx, input }) => getCollection(ctx.deps, ctx.user.id, input.collectionId)),
  searchClips: userProcedure
    .input(collectionSearchInputSchema)
    .query(({ ctx, input }) => searchCollectionClips(ctx.deps, ctx.user.id, input)),
  create: userProcedure
    .input(collectionCreateInputSchema)
    .mutation(({ ctx, input }) => createCollection(ctx.deps, ctx.user.id, input.name)),
  rename: userProcedure
    .input(collectionRenameInputSchema)
    .mutation(({ ctx, input }) =>
      renameCollection(ctx.deps, ctx.user.id, input.collectionId, input.name),
    ),
  delete: userProcedure
    .input(collectionIdInputSchema)
    .mutation(({ ctx, input }) => deleteCollection(ctx.deps, ctx.user.id, input.collectionId)),
  addClip: userProcedure
    .input(collectionClipInputSchema)
    .mutation(({ ctx, input }) =>
      addClipToCollection(ctx.deps, ctx.user.id, input.collectionId, input.clipId),
    ),
  removeClip: userProcedure
    .input(collectionClipInputSchema)
    .mutation(({ ctx, input }) =>
      removeClipFromCollection(ctx.deps, ctx.user.id, input.collectionId, input.clipId),
    ),
});
