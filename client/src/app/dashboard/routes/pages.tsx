import { useState } from 'react';
import type { PageListItem } from '#shared/types';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { LoadingText } from '#client/components/ui/page-state';
import { DataTable, type Column } from '#client/components/ui/table';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { paths } from '#client/config/paths';
import { useDeletePage, usePage, usePages } from '#client/features/pages/api/pages';
import { RichTextField } from '#client/features/articles/components/lazy-rich-text-editor';
import { PageFormModal } from '#client/features/pages/components/page-form-modal';
import { formatShortDate } from '#client/lib/dates';
import { problemFrom } from '#client/lib/errors';
import { ErrorBox } from '#client/components/ui/alert';
import { Dialog } from '#client/components/ui/dialog';
import { AddButton, PageHeader } from '../dashboard-layout';

/** The page being edited, read with its body first; a new page opens at once. */
function Editor({ id, onClose }: { id: string | null; onClose(): void }) {
  const page = usePage(id);
  if (!id) return <PageFormModal page={null} onClose={onClose} ContentField={RichTextField} />;
  if (page.data) return <PageFormModal page={page.data} onClose={onClose} ContentField={RichTextField} />;
  return (
    <Dialog open title="Edit Page" onClose={onClose}>
      {page.isError ? (
        <ErrorBox>{problemFrom(page.error, 'Failed to load the page').message}</ErrorBox>
      ) : (
        <LoadingText>Loading page...</LoadingText>
      )}
    </Dialog>
  );
}

/** A page as readers will see it (a draft too): its title and body in the reader's type, read anew from the server. */
function Preview({ id, onClose }: { id: string; onClose(): void }) {
  const page = usePage(id);
  return (
    <Dialog
      open
      size="xl"
      title={page.data ? `Preview: ${page.data.title}` : 'Preview'}
      description={
        page.data
          ? `As readers will see it at /${page.data.slug}${page.data.status === 'published' ? '' : ' once it is published'}.`
          : undefined
      }
      onClose={onClose}
    >
      {page.data ? (
        <article className="rounded-lg border border-slate-200 bg-white p-4 md:p-6">
          <h2 className="mb-6 border-b-2 border-slate-900 pb-4 font-serif text-3xl font-bold text-slate-900">{page.data.title}</h2>
          <div className="article-body" dangerouslySetInnerHTML={{ __html: page.data.content }} />
        </article>
      ) : page.isError ? (
        <ErrorBox>{problemFrom(page.error, 'Failed to load the page').message}</ErrorBox>
      ) : (
        <LoadingText>Loading page...</LoadingText>
      )}
    </Dialog>
  );
}

/** The dashboard's Pages screen (editors and admins; docs/decisions/057-pages-and-navigation.md). */
export function PagesPage() {
  const pages = usePages();
  const remove = useDeletePage();
  const confirmAction = useConfirmAction();
  const [editing, setEditing] = useState<{ id: string | null; key: number } | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);

  const askDelete = (page: PageListItem) =>
    confirmAction({
      title: 'Delete Page',
      message: (
        <>
          Delete the page <strong>{page.title}</strong>? Readers at /{page.slug} will find nothing there. This cannot be undone.
        </>
      ),
      confirmLabel: 'Delete',
      tone: 'danger',
      action: () => remove.mutateAsync(page.id),
      success: 'Page deleted successfully.',
      failure: 'Failed to delete the page',
    });

  const columns: Column<PageListItem>[] = [
    { header: 'Title', cell: (p) => <span className="font-medium text-slate-900">{p.title}</span> },
    {
      header: 'Address',
      hideBelow: 'sm',
      cell: (p) =>
        p.status === 'published' ? (
          <a href={paths.page(p.slug)} className="text-sm text-sky-700 underline" target="_blank" rel="noreferrer">
            /{p.slug}
          </a>
        ) : (
          <code className="text-xs text-slate-600">/{p.slug}</code>
        ),
    },
    {
      header: 'Status',
      cell: (p) => <Badge tone={p.status === 'published' ? 'green' : 'amber'}>{p.status === 'published' ? 'Published' : 'Draft'}</Badge>,
    },
    { header: 'Updated', hideBelow: 'md', cell: (p) => formatShortDate(p.updatedAt) },
    {
      header: 'Actions',
      className: 'w-px text-right whitespace-nowrap',
      cell: (p) => (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="xs" onClick={() => setPreviewing(p.id)} aria-label={`Preview ${p.title}`}>
            Preview
          </Button>
          <Button variant="secondary" size="xs" onClick={() => setEditing({ id: p.id, key: Date.now() })} aria-label={`Edit ${p.title}`}>
            Edit
          </Button>
          <Button size="xs" variant="danger" onClick={() => void askDelete(p)} aria-label={`Delete ${p.title}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Pages"
        description="About, Contact, Privacy and any other page of the site, at its own address. Published pages are in the footer unless the settings' menus say otherwise."
        actions={<AddButton onClick={() => setEditing({ id: null, key: Date.now() })}>New Page</AddButton>}
      />
      <DataTable
        caption="Pages"
        rows={pages.data}
        columns={columns}
        rowKey={(p) => p.id}
        loading={pages.isPending}
        error={pages.error ? problemFrom(pages.error, 'Failed to fetch the pages').message : null}
        empty="No pages yet."
      />
      {editing && <Editor key={editing.key} id={editing.id} onClose={() => setEditing(null)} />}
      {previewing && <Preview id={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}
