"""Discovery : le jeu de l'évolution (Cosys, Fabrizio Nastri), "Préhistoire" deck."""
