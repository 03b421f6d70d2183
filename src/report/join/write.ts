/**
 * The write stage of `--join` and `--recycle`: rows (the lead file's cells, then the appended
 * columns) as CSV, JSON, NDJSON or xlsx, streamed to a sink. Original cells are written exactly
 * as read (no CSV-injection neutralising: the file is the operator's own, and `+84…` must come
 * back as it went in); in xlsx, phone and ref_id columns are text cells, the times date-time
 * cells and the counts numbers.
 */
import { csvLineWriter } from '../../csv-writer.js';
import { t } from '../../messages/index.js';
import type { Sink } from '../sink.js';
import { ROW_END, XlsxWriter, xlsxCells, type ColumnKind } from '../xlsx.js';

/** The output formats of a lead file. */
export const LEAD_FILE_FORMATS = ['csv', 'json', 'ndjson', 'xlsx'] as const;
export type LeadFileFormat = (typeof LEAD_FILE_FORMATS)[number];

/** A cell: text, a number, or nothing (null: empty in CSV and xlsx, null in JSON). */
export type Cell = string | number | null;

export interface RowWriterOptions {
  format: LeadFileFormat;
  columns: ReadonlyArray<{ name: string; kind: ColumnKind }>;
  /** CSV: the delimiter (default ','), and a UTF-8 BOM first. */
  delimiter?: string;
  bom?: boolean;
  /** xlsx: the sheet's name. */
  sheetName?: string;
}

export interface RowWriter {
  row(cells: readonly Cell[]): Promise<void>;
  end(): Promise<void>;
  /** Let go of what it holds (the output failed). */
  destroy(): void;
}

/** Rows buffered before a write to the sink. */
const BUFFER_BYTES = 1 << 16;

/** A writer of rows to `sink`; the header (or the JSON array's start) is written first. */
export async function rowWriter(sink: Sink, opts: RowWriterOptions): Promise<RowWriter> {
  const names = opts.columns.map((c) => c.name);
  if (opts.format === 'xlsx') {
    const kinds = opts.columns.map((c) => c.kind);
    const xlsx = new XlsxWriter(sink, {
      columns: opts.columns,
      sheetName: opts.sheetName ?? t('report.xlsx.sheet.leads'),
    });
    let buf = '';
    return {
      row: async (cells) => {
        buf += xlsxCells(cells, kinds) + ROW_END;
        if (buf.length >= BUFFER_BYTES) {
          const out = buf;
          buf = '';
          await xlsx.write(out);
        }
      },
      end: async () => {
        if (buf !== '') await xlsx.write(buf);
        buf = '';
        await xlsx.end();
      },
      destroy: () => xlsx.destroy(),
    };
  }
  let buf = '';
  const flush = async (force = false) => {
    if (buf.length >= BUFFER_BYTES || (force && buf !== '')) {
      const out = buf;
      buf = '';
      await sink.write(out);
    }
  };
  if (opts.format === 'csv') {
    const line = csvLineWriter(opts.delimiter ?? ',');
    buf = (opts.bom ? '\ufeff' : '') + line(names);
    return {
      row: async (cells) => {
        buf += line(cells.map((c) => (c === null ? '' : String(c))));
        await flush();
      },
      end: () => flush(true),
      destroy: () => undefined,
    };
  }
  const object = (cells: readonly Cell[]) => {
    const o: Record<string, Cell> = {};
    names.forEach((n, i) => (o[n] = cells[i] ?? null));
    return JSON.stringify(o);
  };
  if (opts.format === 'ndjson') {
    return {
      row: async (cells) => {
        buf += `${object(cells)}\n`;
        await flush();
      },
      end: () => flush(true),
      destroy: () => undefined,
    };
  }
  let first = true;
  buf = '[';
  return {
    row: async (cells) => {
      buf += `${first ? '\n' : ',\n'}  ${object(cells)}`;
      first = false;
      await flush();
    },
    end: async () => {
      buf += first ? ']\n' : '\n]\n';
      await flush(true);
    },
    destroy: () => undefined,
  };
}
