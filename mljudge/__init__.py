"""mljudge as one program: the entry module above the core (`judge`) and the web (`web`)."""
