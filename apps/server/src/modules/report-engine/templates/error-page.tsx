/* @jsxRuntime automatic */

const CSS = `body{margin:0;font-family:'Sarabun','Noto Sans Thai','Loma',sans-serif;line-height:1.6;color:#1a2633;background:#f4f6f9}
main{max-width:560px;margin:48px auto;padding:20px 24px;background:#fff;border:1px solid #dbe2ea;border-left:4px solid #c62828;border-radius:6px}
h1{font-size:18px;margin:0 0 8px}p{margin:0 0 8px}ul{margin:4px 0 0;padding-left:20px}.code{color:#536170;font-size:13px}`;

/** What the report frame shows when a report cannot be made (the status and the server's message, in its language). */
export function ErrorPage({
  language,
  title,
  status,
  message,
  errors,
}: {
  language: string;
  title: string;
  status: number;
  message: string;
  errors: { field: string; message: string }[];
}) {
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style>{CSS}</style>
      </head>
      <body>
        <main role="alert" data-status={status}>
          <h1>{title}</h1>
          <p>{message}</p>
          {errors.length > 0 ? (
            <ul>
              {errors.map((e, i) => (
                <li key={i}>
                  {e.field ? `${e.field}: ` : ''}
                  {e.message}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="code">HTTP {status}</p>
        </main>
      </body>
    </html>
  );
}
