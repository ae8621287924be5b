import { useEffect, useState } from 'react';
import { listBoards } from './api';
import { CardDescription } from './components/CardDescription';
import { Welcome } from './components/Welcome';

export default function App() {
  const [boards, setBoards] = useState([]);
  useEffect(() => {
    listBoards('created_at').then(setBoards);
  }, []);
  return (
    <main>
      <Welcome />
      {boards.map((board) => (
        <section key={board.id}>
          <h2>{board.title}</h2>
          <CardDescription card={board} />
        </section>
      ))}
    </main>
  );
}
