import clsx from 'clsx';
import { ChevronLeft, ChevronRight, Store as StoreIcon } from 'lucide-react';
import { useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert, Button, ConfirmDialog, EmptyState, Skeleton } from '../../components/ui';
import { ApiError } from '../../api/api-error';
import { useRecordList } from '../records/queries';
import { useUnsavedChanges } from '../records/use-unsaved-changes';
import { useSaveSales, useYearSales, type SalesRowDraft } from './api';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const STORES_PER_PAGE = 25;
const monthLabel = (month: string) =>
  new Date(Date.UTC(2000, Number(month) - 1, 1)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });

/** A typed or pasted amount as dollars: "$12,500.50" → 12500.5; null when blank; NaN when not money. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * The store and Total columns stick to the sides of the scrolling grid, so a cell the browser scrolled
 * "into view" can still sit under one of them: the grid scrolls on until the focused cell is clear.
 */
function keepClearOfStickyColumns(input: HTMLElement) {
  const row = input.closest('tr');
  const scroller = input.closest<HTMLElement>('.overflow-x-auto');
  if (!row || !scroller) return;
  const sticky = [...row.children].filter(
    (cell): cell is HTMLElement =>
      cell instanceof HTMLElement && getComputedStyle(cell).position === 'sticky',
  );
  const view = scroller.getBoundingClientRect();
  let left = view.left;
  let right = view.right;
  for (const cell of sticky) {
    const box = cell.getBoundingClientRect();
    if (box.left <= view.left + 1) left = Math.max(left, box.right);
    else right = Math.min(right, box.left);
  }
  const box = input.getBoundingClientRect();
  const margin = 4;
  if (box.left < left + margin) scroller.scrollLeft -= left + margin - box.left;
  else if (box.right > right - margin) scroller.scrollLeft += box.right - (right - margin);
}

const show = (value: number | undefined) =>
  value === undefined ? '' : value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * Monthly gross sales, stores as rows and the year's months as columns. Enter and the arrow keys move
 * between cells (Tab works as everywhere); a block copied from a spreadsheet pastes across cells from
 * the focused one. Nothing is sent until Save, which writes every changed cell in one batch.
 */
export function SalesGrid({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [yearAhead, setYearAhead] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const stores = useRecordList('stores', { page, per_page: STORES_PER_PAGE, sort: 'name', direction: 'asc' });
  const storeRows = useMemo(() => stores.data?.data ?? [], [stores.data]);
  const storeIds = useMemo(() => storeRows.map((s) => s.id), [storeRows]);
  const sales = useYearSales(year, storeIds);
  const save = useSaveSales();

  const saved = useMemo(() => {
    const map = new Map<string, { id: number; gross: number }>();
    for (const s of sales.data ?? [])
      map.set(`${s.store.id}|${s.period_start.slice(5, 7)}`, { id: s.id, gross: s.gross });
    return map;
  }, [sales.data]);

  const changed = Object.entries(edits).filter(([key, text]) => text.trim() !== show(saved.get(key)?.gross));
  const invalid = changed.filter(([, text]) => Number.isNaN(parseAmount(text)));
  const removed = changed
    .filter(([key, text]) => parseAmount(text) === null && saved.has(key))
    .map(([key]) => saved.get(key)!.id);
  // Typed figures are asked about before they are lost: leaving the page, switching its tab, closing the browser tab.
  const { dialog } = useUnsavedChanges(changed.length > 0 && !save.isPending, { query: true });

  function focusCell(row: number, col: number) {
    tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, row: number, col: number) {
    const moves: Record<string, [number, number]> = {
      Enter: [event.shiftKey ? -1 : 1, 0],
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusCell(row + move[0], col + move[1]);
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>, row: number, col: number) {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.trim())) return;
    event.preventDefault();
    const next = { ...edits };
    text
      .replace(/\r/g, '')
      .replace(/\n$/, '')
      .split('\n')
      .forEach((line, r) =>
        line.split('\t').forEach((cell, c) => {
          const store = storeRows[row + r];
          const month = MONTHS[col + c];
          if (store && month) next[`${store.id}|${month}`] = cell.trim();
        }),
      );
    setEdits(next);
  }

  async function submit() {
    setConfirming(false);
    setServerError(null);
    const rows: SalesRowDraft[] = changed
      .filter(([, text]) => parseAmount(text) !== null)
      .map(([key, text]) => {
        const [storeId, month] = key.split('|') as [string, string];
        return {
          store_id: Number(storeId),
          period: 'month',
          period_start: `${year}-${month}-01`,
          gross: parseAmount(text)!,
        };
      });
    try {
      const result = await save.mutateAsync({ rows, removed });
      setEdits({});
      toast.success(t('sales.grid.saved', { count: result.created + result.updated + result.removed }));
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('sales.grid.saveFailed'));
    }
  }

  // Another year shows other cells: unsaved figures of this one are asked about first, as on leaving.
  const changeYear = (delta: number) => {
    if (changed.length) return setYearAhead(delta);
    setEdits({});
    setYear((y) => y + delta);
  };

  if (stores.isError) return <Alert type="error">{t('sales.loadFailed')}</Alert>;
  if (stores.isPending) return <Skeleton className="h-96 w-full" />;
  if (!storeRows.length)
    return (
      <EmptyState
        icon={<StoreIcon />}
        title={t('sales.grid.noStores')}
        text={t('sales.grid.noStoresText')}
        action={
          <Link className="text-sm font-semibold text-blue-600 hover:underline" to="/stores/create">
            {t('sales.grid.addStore')}
          </Link>
        }
      />
    );

  const meta = stores.data.meta;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2" role="group" aria-label={t('sales.grid.year')}>
          <Button
            color="white"
            size="sm"
            onClick={() => changeYear(-1)}
            aria-label={t('sales.grid.previousYear')}
            icon={<ChevronLeft className="size-4" />}
          />
          <span
            className="min-w-16 text-center text-lg font-semibold text-gray-900 tabular-nums dark:text-white"
            aria-live="polite"
          >
            {year}
          </span>
          <Button
            color="white"
            size="sm"
            onClick={() => changeYear(1)}
            aria-label={t('sales.grid.nextYear')}
            icon={<ChevronRight className="size-4" />}
          />
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {canEdit ? t('sales.grid.help') : t('sales.grid.readOnly')}
        </p>
      </div>
      {serverError && <Alert type="error">{serverError}</Alert>}
      {sales.isError && <Alert type="error">{t('sales.loadFailed')}</Alert>}
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10">
        <table ref={tableRef} className="min-w-full text-sm" aria-label={t('sales.grid.caption', { year })}>
          <thead className="bg-gray-50 dark:bg-gray-800/60">
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 bg-gray-50 px-3 py-3 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase dark:bg-gray-800 dark:text-gray-300"
              >
                {t('sales.grid.store')}
              </th>
              {MONTHS.map((m) => (
                <th
                  key={m}
                  scope="col"
                  className="px-1 py-3 text-right text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-300"
                >
                  {monthLabel(m)}
                </th>
              ))}
              <th
                scope="col"
                className="right-0 z-10 min-w-36 bg-gray-50 sm:sticky px-3 py-3 text-right text-xs font-semibold tracking-wide text-gray-600 uppercase shadow-[-1px_0_0_0_rgb(0_0_0/0.06)] dark:bg-gray-800 dark:text-gray-300"
              >
                {t('sales.grid.total')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
            {storeRows.map((store, row) => {
              let total = 0;
              return (
                <tr key={store.id} className="hover:bg-gray-50/60 dark:hover:bg-gray-800/40">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 max-w-44 truncate bg-white px-3 py-1.5 text-left font-medium text-gray-900 dark:bg-gray-900 dark:text-white"
                  >
                    {store.name}
                    {store.store_number && (
                      <span className="ml-1.5 text-xs font-normal text-gray-500">#{store.store_number}</span>
                    )}
                  </th>
                  {MONTHS.map((month, col) => {
                    const key = `${store.id}|${month}`;
                    const text = edits[key] ?? show(saved.get(key)?.gross);
                    const amount = parseAmount(text);
                    if (amount && !Number.isNaN(amount)) total += amount;
                    const dirty = key in edits && text.trim() !== show(saved.get(key)?.gross);
                    const bad = Number.isNaN(amount);
                    return (
                      <td key={month} className="px-0.5 py-1">
                        <input
                          type="text"
                          inputMode="decimal"
                          data-row={row}
                          data-col={col}
                          aria-label={t('sales.grid.cell', {
                            store: store.name,
                            month: monthLabel(month),
                            year,
                          })}
                          aria-invalid={bad || undefined}
                          readOnly={!canEdit}
                          value={text}
                          onChange={(e) => setEdits((current) => ({ ...current, [key]: e.target.value }))}
                          onKeyDown={(e) => onKeyDown(e, row, col)}
                          onPaste={(e) => onPaste(e, row, col)}
                          onFocus={(e) => {
                            e.target.select();
                            keepClearOfStickyColumns(e.target);
                          }}
                          // The scroll margins keep a cell focused by the keyboard clear of the sticky top bar and
                          // of the Save bar below, which otherwise covers the row being typed on a phone.
                          className={clsx(
                            'w-[6.75rem] scroll-mt-20 scroll-mb-28 rounded-md border-0 px-1.5 py-1.5 text-right tabular-nums ring-1 ring-inset focus:ring-2 focus:ring-blue-600 focus:outline-none dark:bg-gray-900 dark:text-white',
                            bad
                              ? 'bg-red-50 ring-red-400 dark:bg-red-950/40'
                              : dirty
                                ? 'bg-amber-50 ring-amber-300 dark:bg-amber-950/30'
                                : 'ring-gray-200 dark:ring-gray-700',
                          )}
                        />
                      </td>
                    );
                  })}
                  <td
                    className="right-0 z-10 bg-white sm:sticky px-3 py-1.5 text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums shadow-[-1px_0_0_0_rgb(0_0_0/0.06)] dark:bg-gray-900 dark:text-white"
                    data-testid="sales-row-total"
                  >
                    {total ? `$${show(total)}` : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {/* With figures to save, the bar stays at the bottom of the screen however long the grid is. */}
      <div
        data-testid="sales-save-bar"
        className={clsx(
          'flex flex-wrap items-center justify-between gap-3',
          changed.length > 0 &&
            'sticky bottom-0 z-20 rounded-lg bg-white/95 px-4 py-3 shadow-lg ring-1 ring-gray-900/10 backdrop-blur dark:bg-gray-900/95 dark:ring-white/10',
        )}
      >
        <div className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
          {meta.last_page > 1 && (
            <>
              <Button color="white" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('pagination.previous')}
              </Button>
              <span>{t('pagination.range', { from: meta.from, to: meta.to, total: meta.total })}</span>
              <Button
                color="white"
                size="sm"
                disabled={page >= meta.last_page}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('pagination.next')}
              </Button>
            </>
          )}
        </div>
        {canEdit && (
          <div className="flex items-center gap-3">
            {invalid.length > 0 && (
              <span className="text-sm text-red-600 dark:text-red-400">
                {t('sales.grid.invalid', { count: invalid.length })}
              </span>
            )}
            {changed.length > 0 && invalid.length === 0 && (
              <span className="text-sm text-gray-600 dark:text-gray-400">
                {t('sales.grid.unsaved', { count: changed.length })}
              </span>
            )}
            <Button color="white" disabled={!changed.length || save.isPending} onClick={() => setEdits({})}>
              {t('sales.grid.discard')}
            </Button>
            <Button
              disabled={!changed.length || invalid.length > 0}
              loading={save.isPending}
              onClick={() => (removed.length ? setConfirming(true) : void submit())}
            >
              {t('sales.grid.save')}
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('sales.grid.confirmTitle')}
        message={t('sales.grid.confirmText', { count: removed.length })}
        confirmLabel={t('sales.grid.save')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={yearAhead !== null}
        title={t('records.form.unsavedTitle')}
        message={t('records.form.unsavedText')}
        confirmLabel={t('records.form.discard')}
        cancelLabel={t('records.form.keepEditing')}
        onConfirm={() => {
          setEdits({});
          setYear((y) => y + (yearAhead ?? 0));
          setYearAhead(null);
        }}
        onClose={() => setYearAhead(null)}
      />
      {dialog}
    </div>
  );
}
