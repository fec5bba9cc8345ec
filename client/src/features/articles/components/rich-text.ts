/** Typography for article HTML, shared by the editor and the article view (no typography plugin needed). */
export const RICH_TEXT_CLASS = [
  'text-slate-800 leading-relaxed',
  '[&_p]:my-3 [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-slate-600',
  '[&_a]:text-sky-700 [&_a]:underline [&_img]:my-4 [&_img]:max-h-96 [&_img]:rounded-md [&_hr]:my-6',
].join(' ');
