export default function NotFound() {
  return (
    <main className="page">
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <a href="/">Back to the start page</a>.
      </p>
    </main>
  );
}
