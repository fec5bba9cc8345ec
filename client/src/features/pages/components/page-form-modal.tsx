import type { ComponentType } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { PAGE_LIMITS, pageFormSchema, type PageFormValues } from '#shared/schemas/pages';
import type { StaticPage } from '#shared/types';
import { Field, Select, TextArea } from '#client/components/ui/field';
import { FormDialog } from '#client/components/ui/form-dialog';
import { useRecordForm } from '#client/components/ui/use-record-form';
import { getPage, useCreatePage, useUpdatePage } from '../api/pages';

const valuesOf = (page: StaticPage | null): PageFormValues => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  summary: page?.summary ?? '',
  content: page?.content ?? '',
  status: page?.status ?? 'draft',
});

/**
 * Write or edit a static page (docs/decisions/057-pages-and-navigation.md): title, address, description, body in the
 * articles' editor, and whether readers see it. Remounted per opening (keyed by the caller), so it starts fresh.
 */
/** The body's editor, given by the page: the articles feature owns it. */
export type ContentField = ComponentType<{ label: string; value: string; onChange(html: string): void; error?: string }>;

export function PageFormModal({ page, onClose, ContentField }: { page: StaticPage | null; onClose(): void; ContentField: ContentField }) {
  const create = useCreatePage();
  const update = useUpdatePage();
  const { form, field, dialog } = useRecordForm({
    record: page,
    schema: pageFormSchema,
    values: valuesOf,
    what: 'page',
    create: ({ slug, ...rest }) => create.mutateAsync({ ...rest, ...(slug ? { slug } : {}) }),
    update: (p, { slug, ...rest }, version) => update.mutateAsync({ id: p.id, input: { ...rest, ...(slug ? { slug } : {}) }, version }),
    pending: create.isPending || update.isPending,
    messages: {
      created: 'Page created successfully.',
      updated: 'Page updated successfully.',
      createFailed: 'Failed to create the page',
      updateFailed: 'Failed to update the page',
    },
    latest: getPage,
    onClose,
  });
  const content = useController({ control: form.control, name: 'content' });
  const [title, slug] = useWatch({ control: form.control, name: ['title', 'slug'] });

  return (
    <FormDialog title={page ? 'Edit Page' : 'New Page'} size="xl" {...dialog} submitLabel={page ? 'Save Changes' : 'Create Page'}>
      <Field label="Title" {...field('title')} hint={`${title.trim().length}/${PAGE_LIMITS.title}`} autoComplete="off" data-autofocus />
      <Field
        label="Address"
        {...field('slug')}
        autoComplete="off"
        spellCheck={false}
        hint={
          slug
            ? page && slug !== page.slug
              ? `Readers find it at /${slug}; links to /${page.slug} lead there`
              : `Readers find it at /${slug}`
            : page
              ? 'Required'
              : 'Leave empty to make it from the title'
        }
      />
      <TextArea
        label="Description"
        rows={2}
        {...field('summary')}
        hint="What search engines and link previews show (about 160 characters show)."
      />
      <ContentField
        label="Content"
        value={content.field.value}
        onChange={content.field.onChange}
        error={content.fieldState.error?.message}
      />
      <Select label="Status" {...field('status')} hint="A draft is seen by staff only.">
        <option value="draft">Draft</option>
        <option value="published">Published</option>
      </Select>
    </FormDialog>
  );
}
