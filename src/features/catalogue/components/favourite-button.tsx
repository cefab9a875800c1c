import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { trpc } from '@/lib/trpc';

type Target = { videoId: string } | { clipId: string };

/** A heart that adds or removes a video or clip from the user's favourites. */
export function FavouriteButton({
  target,
  favourite,
  label,
}: {
  target: Target;
  favourite: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const toggle = useMutation(
    trpc.favourites.toggle.mutationOptions({
      onMutate: () => setOptimistic(!(optimistic ?? favourite)),
      onSuccess: (result) => setOptimistic(result.favourite),
      onError: () => setOptimistic(null),
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries(trpc.favourites.pathFilter()),
          queryClient.invalidateQueries(trpc.catalogue.pathFilter()),
        ]),
    }),
  );
  const on = optimistic ?? favourite;
  const text = on
    ? t('catalogue.favourite.remove', { title: label })
    : t('catalogue.favourite.add', { title: label });
  return (
    <Tooltip label={text} withArrow>
      <ActionIcon
        variant={on ? 'light' : 'subtle'}
        color={on ? 'red' : 'gray'}
        aria-label={text}
        aria-pressed={on}
        loading={toggle.isPending}
        onClick={() => toggle.mutate(target)}
        data-testid="favourite-button"
      >
        {on ? <IconHeartFilled size={18} /> : <IconHeart size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
