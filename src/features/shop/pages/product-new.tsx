import { Anchor, Breadcrumbs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';

import { createProduct } from '../api/shop-api';
import { ProductForm } from '../components/product-form';
import { emptyProductForm } from '../components/product-form-values';

export default function ProductNewPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (user?.role !== 'admin')
    return <Navigate to={paths.dashboard.permissionDenied.path} replace />;
  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to={paths.dashboard.eCommerce.list.path}>
          {t('shop.list.title')}
        </Anchor>
        <Text>{t('shop.form.newTitle')}</Text>
      </Breadcrumbs>
      <Title order={1} size="h3" mb="lg">
        {t('shop.form.newTitle')}
      </Title>
      <ProductForm
        initial={emptyProductForm()}
        submitLabel={t('shop.form.create')}
        onSubmit={async (input) => {
          const { product } = await createProduct(input);
          notify.success(t('shop.form.created', { name: product.name }));
          await queryClient.invalidateQueries({ queryKey: ['products'] });
          await navigate(paths.dashboard.eCommerce.list.path);
        }}
      />
    </>
  );
}
