import { Anchor, Breadcrumbs, Button, Skeleton, Text, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';

import { productQuery, updateProduct } from '../api/shop-api';
import { ProductForm } from '../components/product-form';
import { productToForm } from '../components/product-form-values';
import { useLoggedError } from '../components/use-logged-error';

export default function ProductEditPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { name = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const product = useQuery({
    ...productQuery(name),
    retry: false,
    enabled: user?.role === 'admin',
  });
  useLoggedError(product.error, 'shop: product to edit');
  if (user?.role !== 'admin')
    return <Navigate to={paths.dashboard.permissionDenied.path} replace />;

  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to={paths.dashboard.eCommerce.list.path}>
          {t('shop.list.title')}
        </Anchor>
        <Text>{product.data?.product.name ?? name}</Text>
      </Breadcrumbs>
      <Title order={1} size="h3" mb="lg">
        {t('shop.form.editTitle')}
      </Title>
      <QueryState
        query={product}
        loading={<Skeleton h={480} radius="lg" />}
        notFound={
          <EmptyState
            icon={<IconMoodEmpty size={28} />}
            title={t('shop.product.notFound')}
            description={t('shop.product.notFoundBody', { name })}
            action={
              <Button component={Link} to={paths.dashboard.eCommerce.list.path}>
                {t('shop.list.title')}
              </Button>
            }
          />
        }
      >
        {(data) => (
          <ProductForm
            key={data.product.id}
            initial={productToForm(data.product)}
            submitLabel={t('shop.form.save')}
            onSubmit={async (input) => {
              const { product: saved } = await updateProduct(data.product.id, input);
              notify.success(t('shop.form.saved', { name: saved.name }));
              await queryClient.invalidateQueries({ queryKey: ['products'] });
              await navigate(paths.dashboard.eCommerce.list.path);
            }}
          />
        )}
      </QueryState>
    </>
  );
}
