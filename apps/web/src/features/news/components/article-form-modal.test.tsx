import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { categoryOptions, DEFAULT_CATEGORIES } from '../lib/format';
import { makeArticle } from '../test/fixtures';
import { ArticleFormModal, type ArticleFormModalProps } from './article-form-modal';

// Generous waits: the suite shares a busy machine; nothing here asserts on timing.
configure({ asyncUtilTimeout: 5000 });

function renderForm(over: Partial<ArticleFormModalProps> = {}) {
  const props: ArticleFormModalProps = {
    open: true,
    article: null,
    categories: categoryOptions([]),
    saving: false,
    onClose: vi.fn(),
    onSubmit: vi.fn(),
    ...over,
  };
  render(
    <>
      <Toaster />
      <ArticleFormModal {...props} />
    </>,
  );
  return props;
}

describe('ArticleFormModal', () => {
  it('creates: title, 12-row content, General category, draft helper text', async () => {
    renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'Create New Article' });
    expect(within(dialog).getByLabelText(/Content/)).toHaveAttribute('rows', '12');
    const category = within(dialog).getByLabelText(/Category/) as HTMLSelectElement;
    expect(category.value).toBe('General');
    expect(Array.from(category.options).map((o) => o.value)).toEqual([...DEFAULT_CATEGORIES]);
    expect(within(dialog).getByText('This article will be saved as a draft')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch'));
    expect(within(dialog).getByText('This article will be visible to all users')).toBeInTheDocument();
  });

  it("rejects blank title or content with 'Title and content are required'", async () => {
    const props = renderForm();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Title/), '   ');
    await userEvent.type(within(dialog).getByLabelText(/Content/), 'Body');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Title and content are required')).toBeInTheDocument();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('rejects an image URL that is not http(s)', async () => {
    const props = renderForm();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'T');
    await userEvent.type(within(dialog).getByLabelText(/Content/), 'C');
    await userEvent.type(within(dialog).getByLabelText(/Image URL/), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('valid image URL');
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('submits trimmed values, a null image and the chosen options', async () => {
    const props = renderForm({ categories: categoryOptions(['Zebra']) });
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Title/), '  Hello ');
    await userEvent.type(within(dialog).getByLabelText(/Content/), ' World ');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Category/), 'Zebra');
    await userEvent.click(within(dialog).getByRole('switch'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    expect(props.onSubmit).toHaveBeenCalledWith({
      news_category: 'Zebra',
      image_url: null,
      versions: {
        en: { title: 'Hello', content: 'World', image_alt: null, status: 'published' },
        fr: null,
      },
    });
  });

  it('writes a French version beside the English one, each with its own status and image description', async () => {
    const props = renderForm();
    const dialog = await screen.findByRole('dialog');
    const en = within(within(dialog).getByTestId('version-en'));
    fireEvent.change(en.getByLabelText(/Title/), { target: { value: 'Launch' } });
    fireEvent.change(en.getByLabelText(/Content/), { target: { value: 'We launched.' } });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Write a French version' }));
    const fr = within(within(dialog).getByTestId('version-fr'));
    fireEvent.change(fr.getByLabelText(/Title/), { target: { value: 'Lancement' } });
    fireEvent.change(fr.getByLabelText(/Content/), { target: { value: 'Nous avons lancé.' } });
    fireEvent.change(fr.getByLabelText(/Image description/), { target: { value: 'Un vélo rouge' } });
    await userEvent.click(fr.getByRole('switch'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    expect(props.onSubmit).toHaveBeenCalledWith({
      news_category: 'General',
      image_url: null,
      versions: {
        en: { title: 'Launch', content: 'We launched.', image_alt: null, status: 'draft' },
        fr: { title: 'Lancement', content: 'Nous avons lancé.', image_alt: 'Un vélo rouge', status: 'published' },
      },
    });
  });

  it('asks for at least one language, and says which field of which language is wrong', async () => {
    const props = renderForm();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Write an English version' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Write the article in English, in French or in both')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Write a French version' }));
    const fr = within(within(dialog).getByTestId('version-fr'));
    fireEvent.change(fr.getByLabelText(/Content/), { target: { value: 'Corps' } });
    fireEvent.change(fr.getByLabelText(/Image description/), { target: { value: 'x'.repeat(301) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    expect(fr.getByLabelText(/Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(fr.getByText('Enter a title')).toBeInTheDocument();
    expect(fr.getByText('The image description must be at most 300 characters')).toBeInTheDocument();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('edits an article that exists only in French: the English section starts unwritten', async () => {
    renderForm({
      article: makeArticle({
        versions: [{ language: 'fr', title: 'Bonjour', content: 'Texte', image_alt: 'Alt', status: 'published' }],
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Article' });
    expect(within(dialog).getByRole('checkbox', { name: 'Write an English version' })).not.toBeChecked();
    const fr = within(within(dialog).getByTestId('version-fr'));
    expect(fr.getByLabelText(/Title/)).toHaveValue('Bonjour');
    expect(fr.getByLabelText(/Image description/)).toHaveValue('Alt');
    expect(fr.getByRole('switch')).toBeChecked();
  });

  it('edits: prefilled, titled Edit Article, preview renders paragraphs as text', async () => {
    renderForm({
      article: makeArticle({
        title: 'Old',
        content: 'One\n<i>Two</i>',
        is_published: true,
        image_url: 'https://x.test/a.png',
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Article' });
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Old');
    expect(within(dialog).getByText('This article will be visible to all users')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = within(dialog).getByTestId('content-preview');
    expect(Array.from(preview.querySelectorAll('p')).map((p) => p.textContent)).toEqual(['One', '<i>Two</i>']);
    expect(preview.querySelector('i')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(within(dialog).getByLabelText(/Content/)).toBeInTheDocument();
  });

  it('hides the image preview when the image fails to load', async () => {
    renderForm({ article: makeArticle({ image_url: 'https://x.test/broken.png' }) });
    const dialog = await screen.findByRole('dialog');
    const img = within(dialog).getByRole('img', { name: 'Image preview' });
    fireEvent.error(img);
    expect(within(dialog).queryByRole('img', { name: 'Image preview' })).not.toBeInTheDocument();
  });

  it('lists default categories first, then further ones sorted, without duplicates', () => {
    expect(categoryOptions(['Zeta', 'General', 'Alpha', 'Zeta'], 'Custom')).toEqual([
      ...DEFAULT_CATEGORIES,
      'Alpha',
      'Custom',
      'Zeta',
    ]);
  });
});
