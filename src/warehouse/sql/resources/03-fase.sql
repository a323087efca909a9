-- Phase resource as in the phase list (spec "Phase"): `chaves` and `rodadas` empty, `grupos` empty (its
-- element shape is not given), previous/next navigation by `ordem`.
CREATE OR REPLACE TEMP VIEW recurso_fase AS
WITH vizinhas AS (
  SELECT f.id,
         lead({'id': f.id, 'nome': f.nome, 'slug': f.slug, 'tipo': f.tipo})
           OVER (PARTITION BY f.campeonato_id ORDER BY f.ordem, f.id) AS proxima,
         lag({'id': f.id, 'nome': f.nome, 'slug': f.slug, 'tipo': f.tipo})
           OVER (PARTITION BY f.campeonato_id ORDER BY f.ordem, f.id) AS anterior
  FROM fases f
)
SELECT f.id, f.campeonato_id, f.ordem,
       {'id': f.id,
        'campeonato': {'id': c.id, 'temporada': c.temporada, 'nome': c.nome, 'nome_popular': c.nome_popular, 'slug': c.slug},
        'nome': f.nome,
        'slug': f.slug,
        'status': f.status,
        'tipo': f.tipo,
        'decisivo': f.decisivo,
        'eliminatorio': f.eliminatorio,
        'ida_e_volta': f.ida_e_volta,
        'grupos': []::VARCHAR[],
        'chaves': []::VARCHAR[],
        'rodadas': []::VARCHAR[],
        'proxima_fase': v.proxima,
        'fase_anterior': v.anterior} AS recurso
FROM fases f
JOIN campeonatos c ON c.id = f.campeonato_id
JOIN vizinhas v ON v.id = f.id;
