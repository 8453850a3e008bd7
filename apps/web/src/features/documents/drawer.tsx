import { zodResolver } from '@hookform/resolvers/zod';
import { Download, ExternalLink, Link2, Trash2, Unlink, Upload } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  documentFieldsSchema,
  tagsField,
  TOAST_TIMEOUT_MS,
  validationMessage,
  type Attribute,
  type DocumentDto,
  type DocumentVersion,
} from '@storekeep/contracts';
import { isApiError } from '../../api/api-error';
import { errorMessages, showErrorToast } from '../../api/error-mapping';
import { uploadWithProgress } from '../../api/upload';
import {
  Button,
  buttonClasses,
  Checkbox,
  ConfirmDialog,
  ProgressBar,
  RelativeTime,
  Select,
  Skeleton,
  SlideOver,
  Textarea,
  TextInput,
  TextWithTime,
  TIME_SLOT,
} from '../../components/ui';
import { formatDay } from '../../lib/format';
import { applyServerErrors } from '../../lib/form-errors';
import {
  AttributeFields,
  attributeFieldPaths,
  attributeFormValues,
  withAttributeRules,
} from '../attributes/attribute-fields';
import { useAttributes } from '../attributes/queries';
import { can } from '../auth/permissions';
import { opensRecordPage } from '../auth/record-pages';
import { useRequiredUser } from '../auth/use-auth-user';
import { recordPath } from '../records/types';
import { deleteDocuments, LinkDialog } from './actions';
import { ShareFileButton } from '../pwa/share-button';
import { FileIcon, formatBytes, isImage, isPdf, SharedBadge, TextStatusBadge } from './display';
import { openDocumentFile } from './open-file';
import {
  invalidateDocuments,
  patchDocument,
  unlinkDocument,
  useDocument,
  useDocumentCategories,
  useDocumentVersions,
  useUpdateDocument,
} from './queries';

/** `?document=ID` opens the drawer over whatever page shows documents; closing drops the parameter. */
export function useDocumentParam() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('document'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const set = (next: number | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('document', String(next));
        else copy.delete('document');
        return copy;
      },
      { replace: next === null },
    );
  return { id, open: (next: number) => set(next), close: () => set(null) };
}

const tagsText = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  )
  .pipe(tagsField);

/**
 * The metadata form: the contract's fields with tags typed as a comma-separated line. Sharing is its own control
 * (saved at once), so saving the details never sends it.
 */
const formSchema = documentFieldsSchema
  .omit({ shared: true })
  .extend({ tags: tagsText })
  .superRefine((value, ctx) => {
    if (value.effective_date && value.expiration_date && !(value.expiration_date > value.effective_date)) {
      ctx.addIssue({
        code: 'custom',
        path: ['expiration_date'],
        message: validationMessage('after', 'expiration date', { other: 'effective date' }),
      });
    }
  });
type FormValues = z.input<typeof formSchema> & { attributes?: Record<string, unknown> };
const FIELDS = ['title', 'category', 'description', 'tags', 'effective_date', 'expiration_date'] as const;

const toValues = (document: DocumentDto): FormValues => ({
  title: document.title,
  category: document.category,
  description: document.description ?? '',
  tags: document.tags.join(', '),
  effective_date: document.effective_date ?? '',
  expiration_date: document.expiration_date ?? '',
});

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="border-t border-gray-200 px-4 py-5 sm:px-6 dark:border-gray-800">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900 dark:text-white">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The metadata form, once the team's document attributes are known (they are part of its rules). */
function MetadataForm({ document, editable }: { document: DocumentDto; editable: boolean }) {
  const attributes = useAttributes('documents');
  if (!attributes.data) return <Skeleton className="h-48 w-full" />;
  return <MetadataFields document={document} editable={editable} attributes={attributes.data} />;
}

function MetadataFields({
  document,
  editable,
  attributes,
}: {
  document: DocumentDto;
  editable: boolean;
  attributes: Attribute[];
}) {
  const { t } = useTranslation();
  const categories = useDocumentCategories();
  const save = useUpdateDocument(document.id);
  const toForm = (saved: DocumentDto) => ({
    ...toValues(saved),
    attributes: attributeFormValues(attributes, saved.attributes),
  });
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(withAttributeRules(formSchema, attributes)) as never,
    defaultValues: toForm(document),
  });
  const { register, formState, control } = form;
  const error = (field: (typeof FIELDS)[number]) => formState.errors[field]?.message;
  const options = (categories.data ?? [{ slug: document.category, name: document.category_name }]).map(
    (c) => ({ value: c.slug, label: c.name }),
  );
  if (!options.some((option) => option.value === document.category))
    options.push({ value: document.category, label: document.category_name });

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success(t('documents.saved', { title: saved.title }), { duration: TOAST_TIMEOUT_MS });
      },
      onError: (failure) =>
        applyServerErrors(failure, form.setError, [...FIELDS, ...attributeFieldPaths(attributes)] as never),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={!editable} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t('documents.drawer.details')}</legend>
        <TextInput
          label={t('documents.fields.title')}
          required
          containerClassName="sm:col-span-2"
          error={error('title')}
          {...register('title')}
        />
        <Select
          label={t('documents.fields.category')}
          options={options}
          error={error('category')}
          {...register('category')}
        />
        <TextInput
          label={t('documents.fields.tags')}
          hint={t('documents.fields.tagsHint')}
          error={error('tags')}
          {...register('tags')}
        />
        <TextInput
          label={t('documents.fields.effective_date')}
          type="date"
          error={error('effective_date')}
          {...register('effective_date')}
        />
        <TextInput
          label={t('documents.fields.expiration_date')}
          type="date"
          error={error('expiration_date')}
          {...register('expiration_date')}
        />
        <Textarea
          label={t('documents.fields.description')}
          rows={3}
          containerClassName="sm:col-span-2"
          error={error('description')}
          {...register('description')}
        />
      </fieldset>
      <fieldset disabled={!editable} className="mt-4 empty:hidden">
        <AttributeFields
          definitions={attributes}
          register={register as never}
          control={control as never}
          errors={formState.errors as never}
        />
      </fieldset>
      {editable && (
        <div className="mt-4 flex justify-end gap-3">
          {formState.isDirty && (
            <Button color="white" onClick={() => form.reset(toForm(document))} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t('documents.drawer.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * The details as text, for a franchisee's member: the form reads the team's categories and attributes, which are
 * the franchisor's.
 */
function DetailsText({ document }: { document: DocumentDto }) {
  const { t } = useTranslation();
  const rows: Array<[string, string | null]> = [
    [t('documents.fields.category'), document.category_name],
    [t('documents.fields.tags'), document.tags.join(', ') || null],
    [t('documents.fields.effective_date'), document.effective_date && formatDay(document.effective_date)],
    [t('documents.fields.expiration_date'), document.expiration_date && formatDay(document.expiration_date)],
    [t('documents.fields.description'), document.description],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
          <dd className="mt-0.5 break-words whitespace-pre-line text-gray-900 dark:text-white">
            {value ?? '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether the franchisees of the linked stores, leases, agreements and companies see it; saved at once. */
function Sharing({ document }: { document: DocumentDto }) {
  const { t } = useTranslation();
  // The box shows the choice at once; the document's own value takes over once the lists are fetched again.
  const [pending, setPending] = useState<boolean | null>(null);
  const change = async (shared: boolean) => {
    setPending(shared);
    try {
      await patchDocument(document.id, { shared });
      await invalidateDocuments();
      toast.success(
        t(shared ? 'documents.sharing.shared' : 'documents.sharing.unshared', { title: document.title }),
        {
          duration: TOAST_TIMEOUT_MS,
        },
      );
    } catch (error) {
      showErrorToast(errorMessages(error));
    } finally {
      setPending(null);
    }
  };
  return (
    <div>
      <Checkbox
        label={t('documents.sharing.label')}
        checked={pending ?? document.shared}
        disabled={pending !== null}
        aria-describedby={`document-sharing-hint-${document.id}`}
        onChange={(event) => void change(event.target.checked)}
      />
      <p
        id={`document-sharing-hint-${document.id}`}
        className="mt-1 text-sm text-gray-500 dark:text-gray-400"
      >
        {t('documents.sharing.hint')}
      </p>
    </div>
  );
}

/** Inline preview of PDFs (the browser's own viewer) and images; other types offer the download. */
function Preview({ document }: { document: DocumentDto }) {
  const { t } = useTranslation();
  const mime = document.current_version?.mime_type;
  const url = document.url;
  if (!url) return <Skeleton className="h-64 w-full" />;
  if (isPdf(mime))
    return (
      <iframe
        src={url}
        title={t('documents.drawer.previewOf', { title: document.title })}
        loading="lazy"
        className="h-[60vh] min-h-80 w-full rounded-md bg-gray-100 ring-1 ring-gray-200 dark:bg-gray-800 dark:ring-gray-700"
      />
    );
  if (isImage(mime))
    return (
      <img
        src={url}
        alt={t('documents.drawer.previewOf', { title: document.title })}
        loading="lazy"
        className="max-h-[60vh] w-full rounded-md bg-gray-100 object-contain ring-1 ring-gray-200 dark:bg-gray-800 dark:ring-gray-700"
      />
    );
  return (
    <div className="flex flex-col items-center gap-3 rounded-md bg-gray-50 px-4 py-8 text-center text-sm text-gray-600 ring-1 ring-gray-200 dark:bg-gray-900 dark:text-gray-400 dark:ring-gray-800">
      <FileIcon mime={mime} className="size-10" />
      <p>{t('documents.drawer.noPreview')}</p>
      <a href={url} download={document.current_version?.file_name} className={buttonClasses('white')}>
        <Download className="size-4" aria-hidden="true" />
        {t('documents.drawer.download')}
      </a>
    </div>
  );
}

function VersionUpload({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ name: string; progress: number } | null>(null);
  const [failure, setFailure] = useState<string>();
  const onFile = (file: File | undefined) => {
    if (!file) return;
    setFailure(undefined);
    setState({ name: file.name, progress: 0 });
    const form = new FormData();
    form.append('file', file);
    uploadWithProgress<{ data: DocumentDto }>(`/documents/${documentId}/versions`, form, {
      onProgress: (fraction) => setState({ name: file.name, progress: fraction * 100 }),
    })
      .then((body) => {
        void invalidateDocuments();
        toast.success(
          t('documents.versions.uploaded', { version: body.data.current_version?.version ?? '' }),
          { duration: TOAST_TIMEOUT_MS },
        );
      })
      .catch((error: unknown) =>
        setFailure(
          isApiError(error) && error.errors.file?.[0] ? error.errors.file[0] : errorMessages(error).join(' '),
        ),
      )
      .finally(() => setState(null));
  };
  return (
    <div className="flex flex-col gap-2">
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="version-file-input"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button
        size="sm"
        color="white"
        icon={<Upload className="size-4" aria-hidden="true" />}
        loading={Boolean(state)}
        onClick={() => input.current?.click()}
      >
        {t('documents.versions.upload')}
      </Button>
      {state && (
        <ProgressBar
          value={state.progress}
          label={t('documents.upload.progressLabel', { name: state.name })}
          className="h-1.5 rounded-full bg-gray-100 dark:bg-gray-800"
        />
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {failure}
        </p>
      )}
    </div>
  );
}

function VersionList({ versions, loading }: { versions: DocumentVersion[]; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton className="h-16 w-full" />;
  return (
    <ol
      className="divide-y divide-gray-100 rounded-md ring-1 ring-gray-200 dark:divide-gray-800 dark:ring-gray-800"
      aria-label={t('documents.versions.title')}
    >
      {versions.map((version, index) => (
        <li key={version.id} className="flex items-center gap-3 px-3 py-2 text-sm">
          <FileIcon mime={version.mime_type} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-gray-900 dark:text-white">
              {t('documents.versions.label', { version: version.version })}
              {index === 0 && (
                <span className="ml-2 text-xs font-normal text-emerald-700 dark:text-emerald-400">
                  {t('documents.versions.current')}
                </span>
              )}
            </p>
            <p className="truncate text-xs text-gray-500 dark:text-gray-400">
              {version.file_name} · {formatBytes(version.size)} · <RelativeTime value={version.created_at} />
              {version.uploaded_by ? ` · ${version.uploaded_by.name}` : ''}
            </p>
          </div>
          {version.url && (
            <a
              href={version.url}
              download={version.file_name}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-800 sm:size-9 dark:hover:bg-gray-800"
              aria-label={t('documents.versions.download', { version: version.version })}
              title={t('documents.versions.download', { version: version.version })}
            >
              <Download className="size-4" aria-hidden="true" />
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}

function Links({ document, editable }: { document: DocumentDto; editable: boolean }) {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const [linking, setLinking] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const unlink = async (link: DocumentDto['links'][number]) => {
    setBusy(`${link.type}:${link.id}`);
    try {
      await unlinkDocument(document.id, { type: link.type, id: link.id });
      await invalidateDocuments();
      toast.success(t('documents.links.unlinked', { name: link.name }), { duration: TOAST_TIMEOUT_MS });
    } catch (error) {
      showErrorToast(errorMessages(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Section
      title={t('documents.links.title')}
      actions={
        editable && (
          <Button
            size="sm"
            color="white"
            icon={<Link2 className="size-4" aria-hidden="true" />}
            onClick={() => setLinking(true)}
          >
            {t('documents.link.open')}
          </Button>
        )
      }
    >
      {document.links.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('documents.links.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {document.links.map((link) => (
            <li key={`${link.type}:${link.id}`} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate">
                <span className="text-gray-500 dark:text-gray-400">
                  {t(`documents.recordTypes.${link.type}`)}:{' '}
                </span>
                {opensRecordPage(user, link.type) ? (
                  <Link
                    to={recordPath(link.type, link.id)}
                    className="font-medium text-blue-700 hover:underline dark:text-blue-400"
                  >
                    {link.name}
                  </Link>
                ) : (
                  <span className="font-medium text-gray-900 dark:text-white">{link.name}</span>
                )}
              </span>
              {editable && (
                <Button
                  size="sm"
                  color="transparent"
                  loading={busy === `${link.type}:${link.id}`}
                  icon={<Unlink className="size-4" aria-hidden="true" />}
                  aria-label={t('documents.links.unlinkFrom', { name: link.name })}
                  onClick={() => void unlink(link)}
                >
                  <span className="hidden sm:inline">{t('documents.links.unlink')}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <LinkDialog open={linking} onClose={() => setLinking(false)} documents={[document]} />
    </Section>
  );
}

function DrawerBody({ document, onDeleted }: { document: DocumentDto; onDeleted: () => void }) {
  const { t } = useTranslation();
  const editable = can(document.abilities, 'update');
  const deletable = can(document.abilities, 'delete');
  // A franchisee's member sees the file and its details; versions, categories and attributes are the team's.
  const wholeTeam = can(useRequiredUser(), 'team.browse');
  // Deleted, the panel still shows while it slides out, but asks the server nothing more about the document.
  const [gone, setGone] = useState(false);
  const versions = useDocumentVersions(document.id, !gone && wholeTeam);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const version = document.current_version;

  const remove = async () => {
    setDeleting(true);
    await deleteDocuments([document], () => {
      setGone(true);
      setConfirming(false);
      onDeleted();
    });
    setDeleting(false);
  };

  return (
    <div>
      <div className="flex flex-col gap-4 px-4 py-5 sm:px-6">
        <div className="flex items-start gap-3">
          <FileIcon mime={version?.mime_type} className="mt-0.5 size-6 shrink-0" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium text-gray-900 dark:text-white">{version?.file_name}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-gray-500 dark:text-gray-400">
              <span>{formatBytes(version?.size)}</span>
              <span aria-hidden="true">·</span>
              <span>{t('documents.versions.label', { version: version?.version ?? 1 })}</span>
              <span aria-hidden="true">·</span>
              <TextStatusBadge status={document.text_status} />
              {document.shared && <SharedBadge />}
            </p>
            {version?.text_error && (
              <p className="mt-0.5 text-gray-500 dark:text-gray-400">{version.text_error}</p>
            )}
            <p className="mt-0.5 text-gray-500 dark:text-gray-400">
              <TextWithTime
                text={
                  document.uploaded_by
                    ? t('documents.drawer.uploaded', { date: TIME_SLOT, name: document.uploaded_by.name })
                    : t('documents.drawer.uploadedOn', { date: TIME_SLOT })
                }
                value={document.created_at}
              />
            </p>
            {document.expiration_date && (
              <p className="mt-0.5 text-gray-500 dark:text-gray-400">
                {t('documents.drawer.expires', { date: formatDay(document.expiration_date) })}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            icon={<ExternalLink className="size-4" aria-hidden="true" />}
            onClick={() => void openDocumentFile(document.id)}
          >
            {t('documents.drawer.open')}
          </Button>
          {document.url && (
            <a href={document.url} download={version?.file_name} className={buttonClasses('white')}>
              <Download className="size-4" aria-hidden="true" />
              {t('documents.drawer.download')}
            </a>
          )}
          {document.url && (
            <ShareFileButton
              url={document.url}
              fileName={version?.file_name ?? document.title}
              title={document.title}
            />
          )}
          {deletable && (
            <Button
              color="white"
              className="text-red-600 dark:text-red-400"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              onClick={() => setConfirming(true)}
            >
              {t('common.delete')}
            </Button>
          )}
        </div>
      </div>

      <Section title={t('documents.drawer.preview')}>
        <Preview document={document} />
      </Section>

      {editable && (
        <Section title={t('documents.sharing.title')}>
          <Sharing document={document} />
        </Section>
      )}

      <Section title={t('documents.drawer.details')}>
        {wholeTeam ? (
          <MetadataForm key={document.id} document={document} editable={editable} />
        ) : (
          <DetailsText document={document} />
        )}
      </Section>

      {wholeTeam && (
        <Section
          title={t('documents.versions.title')}
          actions={editable && <VersionUpload documentId={document.id} />}
        >
          <VersionList versions={versions.data ?? []} loading={versions.isPending} />
        </Section>
      )}

      <Links document={document} editable={editable} />

      <ConfirmDialog
        open={confirming}
        title={t('documents.deleteTitle', { title: document.title })}
        message={t('documents.deleteText')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        loading={deleting}
        onClose={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </div>
  );
}

/** The document drawer: opened by a row click or `?document=ID`; Headless UI traps focus inside it. */
export function DocumentDrawer() {
  const { t } = useTranslation();
  const { id, close } = useDocumentParam();
  // The document just deleted from the drawer is not asked for again while the panel closes (a 404).
  const [deletedId, setDeletedId] = useState<number | null>(null);
  if (id === null && deletedId !== null) setDeletedId(null);
  const document = useDocument(id !== null && id === deletedId ? null : id);
  // The last document stays rendered while the panel slides out.
  const [shown, setShown] = useState<DocumentDto | null>(null);
  if (document.data && document.data !== shown && document.data.id === id) setShown(document.data);
  const current = id ? (document.data ?? (shown?.id === id ? shown : null)) : shown;
  return (
    <SlideOver
      open={Boolean(id)}
      onClose={close}
      title={current?.title ?? t('common.loading')}
      closeLabel={t('common.close')}
      size="lg"
    >
      {current ? (
        <DrawerBody
          document={current}
          onDeleted={() => {
            setDeletedId(current.id);
            close();
          }}
        />
      ) : document.isError ? (
        <div className="p-6">
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {isApiError(document.error) && document.error.status === 404
              ? t('documents.drawer.missing')
              : errorMessages(document.error).join(' ')}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-4 p-6" aria-busy="true">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </SlideOver>
  );
}
