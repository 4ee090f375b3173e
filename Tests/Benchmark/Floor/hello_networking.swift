// The same hello-world linked with FoundationNetworking, as a URLSession client on Linux is: what
// the dynamic loader spends mapping libcurl and its libraries, and relocating all of corelibs
// Foundation, before main, whatever the program then does. boxoffice links neither (see README).
import FoundationNetworking

_ = URLSessionConfiguration.self
print("boxoffice 0.1.0")
