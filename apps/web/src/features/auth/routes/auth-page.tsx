// Being written in the next commit (web shell area).
export default function Screen() {
  return <div className="mx-auto max-w-5xl px-4 py-10" />;
}
