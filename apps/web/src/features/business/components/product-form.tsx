// Create or edit a product line: name, GTIN or SKU (GTIN check digit verified), description,
// pictures and attributes. GTIN and SKU are fixed after creation: labels carry them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { i18n } from '@/lib/i18n/i18n';
import { attributesToText, productSchema, type ProductInput, type ProductValues } from '../lib/schemas';
import { fromPaths, ImagePicker, type PickedImage } from './image-picker';

export interface ProductFormProps {
  initial?: {
    name: string;
    gtin: string | null;
    sku: string | null;
    description: string;
    image_paths: string[];
    attributes: Record<string, string>;
  };
  onSubmit(values: ProductValues, images: PickedImage[]): Promise<void>;
}

export function ProductForm({ initial, onSubmit }: ProductFormProps) {
  const editing = Boolean(initial);
  const [images, setImages] = useState<PickedImage[]>(fromPaths(initial?.image_paths ?? []));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProductInput, unknown, ProductValues>({
    resolver: zodResolver(productSchema),
    defaultValues: {
      name: initial?.name ?? '',
      gtin: initial?.gtin ?? '',
      sku: initial?.sku ?? '',
      description: initial?.description ?? '',
      attributes: attributesToText(initial?.attributes),
    },
  });
  return (
    <form
      aria-label={i18n._('Product')}
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(values, images);
        } catch {
          // The caller reported the failure; keep what the user entered.
        }
      })}
    >
      <FormField label={i18n._('Product name')} error={errors.name?.message} required>
        <Input {...register('name')} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          label={i18n._('GTIN')}
          error={errors.gtin?.message}
          hint={editing ? i18n._('Fixed once labels exist.') : i18n._('The 8–14 digit barcode number.')}
        >
          <Input inputMode="numeric" disabled={editing} {...register('gtin')} />
        </FormField>
        <FormField
          label={i18n._('SKU')}
          error={errors.sku?.message}
          hint={editing ? i18n._('Fixed once labels exist.') : i18n._('Your own product code, if no GTIN.')}
        >
          <Input disabled={editing} {...register('sku')} />
        </FormField>
      </div>
      <FormField label={i18n._('Description')} error={errors.description?.message}>
        <Textarea rows={4} {...register('description')} />
      </FormField>
      <FormField
        label={i18n._('Attributes')}
        error={errors.attributes?.message}
        hint={i18n._('One per line, e.g. Material: steel')}
      >
        <Textarea rows={3} {...register('attributes')} />
      </FormField>
      <ImagePicker label={i18n._('Pictures')} images={images} max={8} onChange={setImages} />
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? i18n._('Saving...') : editing ? i18n._('Save product') : i18n._('Create product')}
      </Button>
    </form>
  );
}
