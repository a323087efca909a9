-- The request headers each attempt carried (JSON object, names in lower case), for the delivery's timeline: what
-- was signed when, with which timestamp and signature(s). NULL when no request went out (the URL guard refused it)
-- and for attempts recorded before this column.
ALTER TABLE tentativas_entrega ADD COLUMN cabecalhos TEXT;
