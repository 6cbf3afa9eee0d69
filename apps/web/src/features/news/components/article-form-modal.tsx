// The article form (SPEC §2 Article form modal, §5): the shared fields — category, optional image
// URL with a preview that hides when the image fails — and one section per language (decision
// 0155): English and French, each written or not, with its title, content (with a text preview),
// image description and its own Published toggle. At least one language is written.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { NEWS_LANGUAGES, type ArticleInput, type NewsArticle, type NewsLanguage } from '../api/types';
import { categoryLabel, DEFAULT_CATEGORY, isHttpUrl, paragraphs } from '../lib/format';
import { i18n } from '@/lib/i18n/i18n';

export interface ArticleFormModalProps {
  open: boolean;
  /** The article being edited; null creates a new one. */
  article: NewsArticle | null;
  categories: string[];
  saving: boolean;
  onClose(): void;
  onSubmit(input: ArticleInput): void;
}

export const MAX_TITLE = 300;
export const MAX_IMAGE_ALT = 300;
export const MAX_CONTENT = 100000;

interface VersionState {
  written: boolean;
  title: string;
  content: string;
  imageAlt: string;
  published: boolean;
}

interface FormState {
  category: string;
  imageUrl: string;
  versions: Record<NewsLanguage, VersionState>;
}

type VersionErrors = Partial<Record<'title' | 'content' | 'imageAlt', string>>;

const fromArticle = (a: NewsArticle | null): FormState => {
  const version = (language: NewsLanguage): VersionState => {
    const v = a?.versions.find((x) => x.language === language);
    return {
      // A new article starts with its English version.
      written: v ? true : !a && language === 'en',
      title: v?.title ?? '',
      content: v?.content ?? '',
      imageAlt: v?.image_alt ?? '',
      published: v?.status === 'published',
    };
  };
  return {
    category: a?.news_category ?? DEFAULT_CATEGORY,
    imageUrl: a?.image_url ?? '',
    versions: { en: version('en'), fr: version('fr') },
  };
};

const sectionTitle = (language: NewsLanguage) =>
  language === 'fr' ? i18n._('French version') : i18n._('English version');

function checkVersion(v: VersionState): VersionErrors {
  const e: VersionErrors = {};
  const title = v.title.trim();
  if (!title) e.title = i18n._('Enter a title');
  else if (Array.from(title).length > MAX_TITLE) e.title = i18n._('The title must be at most 300 characters');
  const content = v.content.trim();
  if (!content) e.content = i18n._('Enter the content');
  else if (content.length > MAX_CONTENT) e.content = i18n._('The content must be at most 100,000 characters');
  if (Array.from(v.imageAlt.trim()).length > MAX_IMAGE_ALT)
    e.imageAlt = i18n._('The image description must be at most 300 characters');
  return e;
}

export function ArticleFormModal({ open, article, categories, saving, onClose, onSubmit }: ArticleFormModalProps) {
  const [form, setForm] = useState<FormState>(() => fromArticle(article));
  const [preview, setPreview] = useState<Record<NewsLanguage, boolean>>({ en: false, fr: false });
  const [imageFailed, setImageFailed] = useState(false);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [errors, setErrors] = useState<Partial<Record<NewsLanguage, VersionErrors>>>({});
  const formId = useId();

  // A fresh form each time the modal opens (or switches article).
  useEffect(() => {
    if (open) {
      setForm(fromArticle(article));
      setPreview({ en: false, fr: false });
      setUrlError(undefined);
      setErrors({});
    }
  }, [open, article]);
  useEffect(() => setImageFailed(false), [form.imageUrl]);

  const setVersion = (language: NewsLanguage, patch: Partial<VersionState>) =>
    setForm((f) => ({ ...f, versions: { ...f.versions, [language]: { ...f.versions[language], ...patch } } }));
  const imageUrl = form.imageUrl.trim();

  function submit(e: FormEvent) {
    e.preventDefault();
    const written = NEWS_LANGUAGES.filter((l) => form.versions[l].written);
    if (written.length === 0) {
      toast.error(i18n._('Write the article in English, in French or in both'));
      return;
    }
    const found: Partial<Record<NewsLanguage, VersionErrors>> = {};
    for (const l of written) {
      const e = checkVersion(form.versions[l]);
      if (Object.keys(e).length) found[l] = e;
    }
    setErrors(found);
    const invalidUrl = imageUrl && !isHttpUrl(imageUrl);
    setUrlError(invalidUrl ? i18n._('Please enter a valid image URL starting with http:// or https://') : undefined);
    if (Object.keys(found).length) {
      toast.error(i18n._('Title and content are required'));
      return;
    }
    if (invalidUrl) return;
    const version = (l: NewsLanguage) => {
      const v = form.versions[l];
      if (!v.written) return null;
      return {
        title: v.title.trim(),
        content: v.content.trim(),
        image_alt: v.imageAlt.trim() || null,
        status: v.published ? ('published' as const) : ('draft' as const),
      };
    };
    onSubmit({
      news_category: form.category || DEFAULT_CATEGORY,
      image_url: imageUrl || null,
      versions: { en: version('en'), fr: version('fr') },
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={article ? i18n._('Edit Article') : i18n._('Create New Article')}
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {article ? i18n._('Update Article') : i18n._('Create Article')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {NEWS_LANGUAGES.map((language) => {
          const v = form.versions[language];
          const e = errors[language] ?? {};
          const contentId = `${formId}-${language}-content`;
          return (
            <fieldset
              key={language}
              lang={language}
              className="space-y-4 rounded-md border border-slate-200 p-3"
              data-testid={`version-${language}`}
            >
              <legend className="px-1 text-sm font-semibold text-slate-900">{sectionTitle(language)}</legend>
              <label className="flex items-center gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={v.written}
                  onChange={(ev) => setVersion(language, { written: ev.target.checked })}
                  className="h-4 w-4"
                />
                {language === 'fr' ? i18n._('Write a French version') : i18n._('Write an English version')}
              </label>
              {v.written && (
                <>
                  <FormField label={i18n._('Title')} required error={e.title}>
                    <Input
                      value={v.title}
                      onChange={(ev) => setVersion(language, { title: ev.target.value })}
                      maxLength={MAX_TITLE}
                    />
                  </FormField>

                  <div className="space-y-1">
                    <div className="flex items-center justify-between">
                      <label htmlFor={contentId} className="block text-sm font-medium text-slate-800">
                        {i18n._('Content')}
                        <span aria-hidden="true" className="ml-0.5 text-red-600">
                          *
                        </span>
                      </label>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setPreview((p) => ({ ...p, [language]: !p[language] }))}
                      >
                        {preview[language] ? i18n._('Edit') : i18n._('Preview')}
                      </Button>
                    </div>
                    {preview[language] ? (
                      <div
                        data-testid="content-preview"
                        className="min-h-48 space-y-3 rounded-md border border-slate-200 p-3 text-slate-800"
                      >
                        {paragraphs(v.content).map((p, i) => (
                          <p key={i}>{p}</p>
                        ))}
                      </div>
                    ) : (
                      <Textarea
                        id={contentId}
                        rows={12}
                        value={v.content}
                        onChange={(ev) => setVersion(language, { content: ev.target.value })}
                        maxLength={MAX_CONTENT}
                        aria-invalid={e.content ? true : undefined}
                        aria-describedby={e.content ? `${contentId}-error` : undefined}
                      />
                    )}
                    {e.content && (
                      <p id={`${contentId}-error`} role="alert" className="text-sm text-red-600">
                        {e.content}
                      </p>
                    )}
                  </div>

                  <FormField label={i18n._('Image description (optional)')} error={e.imageAlt}>
                    <Input
                      value={v.imageAlt}
                      onChange={(ev) => setVersion(language, { imageAlt: ev.target.value })}
                      maxLength={MAX_IMAGE_ALT}
                    />
                  </FormField>

                  <div className="space-y-1">
                    <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
                      <input
                        type="checkbox"
                        role="switch"
                        aria-checked={v.published}
                        checked={v.published}
                        onChange={(ev) => setVersion(language, { published: ev.target.checked })}
                        className="h-4 w-4"
                      />
                      {i18n._('Published')}
                    </label>
                    <p className="text-xs text-slate-500">
                      {v.published
                        ? i18n._('This article will be visible to all users')
                        : i18n._('This article will be saved as a draft')}
                    </p>
                  </div>
                </>
              )}
            </fieldset>
          );
        })}

        <FormField label={i18n._('Category')} required>
          <Select
            value={form.category}
            onChange={(e) => setForm((f) => ({ ...f, category: e.target.value }))}
            options={categories.map((c) => ({ value: c, label: categoryLabel(c) }))}
          />
        </FormField>

        <FormField label={i18n._('Image URL (optional)')} error={urlError}>
          <Input
            type="url"
            value={form.imageUrl}
            onChange={(e) => setForm((f) => ({ ...f, imageUrl: e.target.value }))}
            placeholder={i18n._('https://example.com/image.jpg')}
          />
        </FormField>
        {imageUrl && isHttpUrl(imageUrl) && !imageFailed && (
          <img
            src={imageUrl}
            alt={i18n._('Image preview')}
            referrerPolicy="no-referrer"
            onError={() => setImageFailed(true)}
            className="max-h-48 rounded-md object-cover"
          />
        )}
      </form>
    </Modal>
  );
}
