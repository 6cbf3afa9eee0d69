// /business/products/new and /business/products/:id/edit — create or edit a product line.
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';
import { uploadBusinessMedia } from '../api/media';
import { useProduct, useSaveProduct } from '../api/products';
import { BusinessNav } from '../components/business-nav';
import { ProductForm } from '../components/product-form';
import { refusalMessage } from '../lib/refusals';

export default function ProductEditPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const product = useProduct(id);
  const save = useSaveProduct();
  const title = id ? i18n._('Edit product') : i18n._('New product');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title={title} />
      <BusinessNav />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <Card className="mt-6">
        <CardContent>
          {id && product.isLoading ? (
            <LoadingBlock label={i18n._('Loading...')} />
          ) : id && product.isError ? (
            <ErrorRetry message={toAppError(product.error).message} onRetry={() => void product.refetch()} />
          ) : (
            <ProductForm
              {...(id && product.data ? { initial: product.data } : {})}
              onSubmit={async (values, images) => {
                try {
                  const imagePaths: string[] = [];
                  for (const image of images) {
                    imagePaths.push(image.file ? await uploadBusinessMedia(user!.id, image.file) : image.path!);
                  }
                  const saved = await save.mutateAsync({ ...(id ? { id } : {}), values, imagePaths });
                  toast.success(id ? i18n._('Product saved') : i18n._('Product created'));
                  await navigate(paths.businessProduct(saved));
                } catch (err) {
                  const e = toAppError(err, i18n._('The product could not be saved'));
                  toast.error(
                    refusalMessage(err) ??
                      (e.code === '23505' ? i18n._('You already have a product with this GTIN or SKU') : e.message),
                  );
                  throw err;
                }
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
