// The tRPC root router, mounted at /trpc by server/app.ts. The client imports `type AppRouter`.
import { createCallerFactory, createTrpcRouter } from './init.ts';
import { catalogueRouter } from './routers/catalogue.ts';
import { collectionsRouter } from './routers/collections.ts';
import { favouritesRouter } from './routers/favourites.ts';

export const appRouter = createTrpcRouter({
  catalogue: catalogueRouter,
  favourites: favouritesRouter,
  collections: collectionsRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
