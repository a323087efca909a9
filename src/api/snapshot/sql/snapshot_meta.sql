SELECT chave, valor FROM snapshot_meta
