// One line of a catalogue file (JSON Lines): a video with its channel, people, video tags
// and clips. docs/catalogue-format.md documents it for people writing catalogues.
import { z } from 'zod';

import { ACCESS_LEVELS } from '../contracts/catalogue.ts';
import { slugify } from '../contracts/slug.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A channel's, person's or tag's URL name, made from its name. */
export const catalogueSlug = (value: string) => slugify(value, { fallback: 'item' });

const text = (max: number) =>
  z
    .string({ error: 'is required (a string)' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `is at most ${max} characters` });

export const importChannelSchema = z.object({
  externalId: text(200),
  name: text(200),
  slug: z.string().regex(SLUG, 'must be lowercase words joined by hyphens').max(80).optional(),
  youtubeChannelId: text(100).optional(),
  ownerEmail: z.email().optional(),
});

export const importClipSchema = z
  .object({
    externalId: text(200),
    startSeconds: z.number().min(0),
    endSeconds: z.number().min(0),
    title: text(300),
    text: z.string().max(5000).default(''),
    tags: z.array(text(80)).max(30).default([]),
    virality: z.number().min(0).max(1_000_000).default(0),
  })
  .refine((c) => c.endSeconds > c.startSeconds, {
    message: 'must be after startSeconds',
    path: ['endSeconds'],
  });

export const importVideoSchema = z.object({
  externalId: text(200),
  title: text(300),
  description: z.string().max(10_000).default(''),
  channel: importChannelSchema,
  premiereDate: z.iso.date().nullish(),
  durationSeconds: z.number().int().positive().max(1_000_000).nullish(),
  virality: z.number().min(0).max(1_000_000).default(0),
  accessLevel: z.enum(ACCESS_LEVELS).default('public'),
  youtubeId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character YouTube video id')
    .nullish(),
  thumbnailUrl: z.url({ protocol: /^https?$/ }).nullish(),
  people: z
    .array(
      z.object({
        name: text(200),
        role: z.string().max(80).default(''),
        youtubeChannelId: text(100).optional(),
      }),
    )
    .max(50)
    .default([]),
  videoTags: z
    .array(z.object({ kind: text(40), name: text(80) }))
    .max(50)
    .default([]),
  clips: z.array(importClipSchema).max(500).default([]),
});

export type ImportVideo = z.output<typeof importVideoSchema>;
