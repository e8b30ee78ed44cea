// The application shell. Routes, providers and the host rule are composed here (issue 5).
export function App() {
  return (
    <main>
      <h1>SignLearn</h1>
      <p>Learn sign language with your webcam.</p>
    </main>
  );
}
