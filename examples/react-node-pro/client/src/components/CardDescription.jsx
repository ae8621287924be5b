import marked from 'marked';

export function CardDescription({ card }) {
  const html = marked(card.description || '');
  return <div className="card-description" dangerouslySetInnerHTML={{ __html: html }} />;
}
