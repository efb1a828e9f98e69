/* @jsxRuntime automatic */
import type { ReactNode } from 'react';
import { formatDateTime } from '../format';

/** The organisation line, the title and the parameters the report was run with; printed time and person on the right. */
export function ReportHeader({
  title,
  organisation,
  params,
  printedAt,
  printedBy,
}: {
  title: string;
  organisation: string;
  params: [label: string, value: ReactNode][];
  printedAt: Date;
  printedBy: string;
}) {
  return (
    <header>
      <div className="org">
        <div>
          <div className="name">{organisation}</div>
          <h1>{title}</h1>
        </div>
        <div className="printed">
          <div>พิมพ์เมื่อ {formatDateTime(printedAt)}</div>
          <div>โดย {printedBy}</div>
        </div>
      </div>
      {params.length > 0 ? (
        <div className="params">
          {params.map(([label, value]) => (
            <span key={label}>
              <b>{label}</b> {value}
            </span>
          ))}
        </div>
      ) : null}
    </header>
  );
}

/** The row a table shows when it has nothing (spec §8: ไม่พบข้อมูล). */
export function EmptyRow({ columns }: { columns: number }) {
  return (
    <tr>
      <td className="empty" colSpan={columns}>
        ไม่พบข้อมูล
      </td>
    </tr>
  );
}

/** A boxed note under a report (what it does not contain yet, how a number is counted). */
export function Note({ children }: { children: ReactNode }) {
  return <div className="note">{children}</div>;
}

/** The organisation a document is printed for. */
export const ORGANISATION = 'รังสี (Rangsi) — บริการรังสีวินิจฉัย';
